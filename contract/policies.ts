/**
 * The four policy pages of docs/product.md#policies, where their markdown lives in the `documents`
 * bucket, and the day the text the shop starts with was last changed (its "Last updated" line, and the
 * date of the first version the seed publishes).
 */
export const POLICY_DOCUMENTS = [
  { slug: 'privacy-policy', title: 'Privacy Policy', path: 'policies/privacy-policy.md', updated: '2026-11-30' },
  { slug: 'return-policy', title: 'Return Policy', path: 'policies/return-policy.md', updated: '2026-11-01' },
  { slug: 'terms-and-conditions', title: 'Terms and Conditions', path: 'policies/terms-and-conditions.md', updated: '2026-11-01' },
  { slug: 'website-use-agreement', title: 'Website Use Agreement', path: 'policies/website-use-agreement.md', updated: '2026-11-01' },
] as const;

export type PolicySlug = (typeof POLICY_DOCUMENTS)[number]['slug'];

export function policyDocument(slug: PolicySlug) {
  return POLICY_DOCUMENTS.find((doc) => doc.slug === slug)!;
}

/**
 * Where a policy's markdown lives in a language: English at its path, Italian beside it under
 * `policies/it/` (the API writes both at its first start, and any that is missing at a later one).
 */
export function policyPath(slug: PolicySlug, locale: 'en' | 'it'): string {
  const { path } = policyDocument(slug);
  return locale === 'en' ? path : path.replace(/^policies\//, `policies/${locale}/`);
}
