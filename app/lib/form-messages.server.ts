import { ADMIN_CATALOGUE_FORM_MESSAGES } from './admin/form-messages/catalogue';
import { ADMIN_ORDERS_FORM_MESSAGES } from './admin/form-messages/orders';
import { ADMIN_PEOPLE_FORM_MESSAGES } from './admin/form-messages/people';
import type { MessageKey } from './i18n';

/**
 * The validation messages of the shared zod schemas (contract/fields.ts, app/forms/*), which stay in
 * the spec's English word for word, each with the catalogue key of its translation (ADR 046). Loaders
 * of pages with forms send the translations by English text (`formMessages` of their `i18n`), so a
 * field's error reads in the page's language whether the browser or the action found it.
 */
export const FORM_MESSAGE_KEYS: Record<string, MessageKey> = {
  // Email, password, names and codes (docs/product.md#validation)
  'Email is required': 'field.emailRequired',
  'Please enter a valid email address': 'field.emailInvalid',
  'Email address is too long': 'field.emailTooLong',
  'Password is required': 'field.passwordRequired',
  'Password must be at least 8 characters': 'field.passwordTooShort',
  'Password is too long': 'field.passwordTooLong',
  'Password must contain at least one uppercase letter': 'field.passwordUppercase',
  'Password must contain at least one lowercase letter': 'field.passwordLowercase',
  'Password must contain at least one number': 'field.passwordNumber',
  'First name is required': 'field.firstNameRequired',
  'First name must be at least 2 characters': 'field.firstNameTooShort',
  'First name is too long': 'field.firstNameTooLong',
  'First name contains invalid characters': 'field.firstNameInvalid',
  'Last name is required': 'field.lastNameRequired',
  'Last name must be at least 2 characters': 'field.lastNameTooShort',
  'Last name is too long': 'field.lastNameTooLong',
  'Last name contains invalid characters': 'field.lastNameInvalid',
  'Verification code is required': 'field.verificationCodeRequired',
  'Verification code must be 6 digits': 'field.verificationCodeDigits',
  'Reset code is required': 'field.resetCodeRequired',
  'Reset code must be 6 digits': 'field.resetCodeDigits',
  'Passwords do not match': 'field.passwordsDiffer',
  'You must accept the privacy policy and terms': 'field.acceptTerms',
  // Profile
  'Phone number is too long': 'field.phoneTooLong',
  'Please enter a valid phone number': 'field.phoneInvalid',
  'Address is too long': 'field.addressTooLong',
  'Type your email address to confirm': 'field.confirmEmail',
  // Contact form, in the order it checks them
  'Please enter your name': 'field.contactName',
  'Please enter your email': 'field.contactEmail',
  'Please select a reason for contact': 'field.contactReason',
  'Please enter a subject': 'field.contactSubject',
  'Please enter your message': 'field.contactMessage',
  'Name is too long': 'field.nameTooLong',
  'Subject is too long': 'field.subjectTooLong',
  'Message is too long': 'field.messageTooLong',
  // Notify Me, Add to Cart and Quick Purchase
  'Failed to add to wishlist. Please try again.': 'field.wishlistFailed',
  'No variant selected. Please select all product options.': 'field.noVariantSelected',
  'Please select product options': 'field.selectProductOptions',
  // The return form (ADR 032)
  'Choose a reason': 'returns.chooseReason',
  'Choose at least one item to return': 'returns.chooseItems',
  'Enter a whole number of units': 'returns.wholeUnits',
  'Reload the page and try again': 'returns.reload',
  'Choose a size from the list': 'returns.chooseSize',
  'A note is at most 500 characters': 'returns.commentTooLong',
  'Only an item too small or too big can be exchanged for another size': 'returns.exchangeNeedsSize',
  'Exchange every item of a return or none: ask for a refund in a return of its own': 'returns.exchangeAllOrNone',
  // The delivery address the shop asks for when nothing is left to pay (ADR 062)
  'Enter the name to deliver to': 'field.deliveryName',
  'Enter the street and number': 'field.deliveryStreet',
  'Enter the city': 'field.deliveryCity',
  'Enter the postal code': 'field.deliveryPostalCode',
  'Enter a valid postal code for the country you chose': 'field.deliveryPostalCodeFits',
  'Choose a country we ship to': 'field.deliveryCountry',
  'This line is too long for an address': 'field.deliveryTooLong',
  // The back office's forms, by area (ADR 072)
  ...ADMIN_ORDERS_FORM_MESSAGES,
  ...ADMIN_CATALOGUE_FORM_MESSAGES,
  ...ADMIN_PEOPLE_FORM_MESSAGES,
};
