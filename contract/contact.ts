/** Reasons for contact (docs/product.md#contact), in the order the form offers them. */
export const CONTACT_REASONS = ['general', 'order', 'collaboration', 'press', 'wholesale', 'customer-service', 'other'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const CONTACT_REASON_LABELS: Record<ContactReason, string> = {
  general: 'General question',
  order: 'Order or purchase problem',
  collaboration: 'Collaboration',
  press: 'Press',
  wholesale: 'Wholesale',
  'customer-service': 'Customer service',
  other: 'Other',
};

/** The longest value each contact field may hold. */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000, email: 254 } as const;
