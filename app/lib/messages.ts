/** User-visible strings of the spec, word for word, each defined once. */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  errorLoadingProducts: (message: string) => `Error loading products: ${message}`,
  noProductsAvailable: 'No products available',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  defaultCategory: 'PRODUCT',
  viewProduct: 'View Product',
  noImage: 'No Image',

  // Contact form (spec §5, §8), in the order the form checks them.
  contactNameRequired: 'Please enter your name',
  contactEmailRequired: 'Please enter your email',
  contactEmailInvalid: 'Please enter a valid email address',
  contactReasonRequired: 'Please select a reason for contact',
  contactSubjectRequired: 'Please enter a subject',
  contactMessageRequired: 'Please enter your message',
  emailTooLong: 'Email address is too long',
  contactFailed: 'Failed to send message',
  contactFailedTryAgain: 'Failed to send message. Please try again.',
  contactSending: 'Sending...',
  contactThankYou: "Thank you for your message! We'll get back to you within one working day.",

  // Policy documents (spec §8).
  errorLoadingDocument: (message: string) => `Error loading document: ${message}`,
} as const;
