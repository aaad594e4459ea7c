import type { MessageKey } from '~/lib/i18n';

/**
 * The validation messages of the back office's people forms (app/forms/admin*.ts), each English text with
 * the catalogue key of its Italian (ADR 072), as FORM_MESSAGE_KEYS does for the shoppers' forms.
 */
export const ADMIN_PEOPLE_FORM_MESSAGES: Record<string, MessageKey> = {
  // A field left empty (Conform posts no value for it)
  Required: 'adminPeople.field.required',
  // Setting a password, adding a member (app/forms/admin.ts)
  'Please confirm the password': 'adminPeople.field.confirmPassword',
  'Choose a role: owner or staff': 'adminPeople.field.role',
  // A staff note on a customer
  'Write the note': 'adminPeople.field.note',
  'A note is at most 2000 characters': 'adminPeople.field.noteTooLong',
  // Erasing a customer
  "Type the customer's email address to confirm": 'adminPeople.field.confirmCustomerEmail',
  'String must contain at most 254 character(s)': 'adminPeople.field.emailTooLong',
  // Store credit (admin.customers.$id_.store-credit.tsx)
  'Enter an amount in euros': 'adminPeople.field.creditAmount',
  'At most €1,000': 'adminPeople.field.creditMax',
  'Give a reason': 'adminPeople.field.creditReason',
  'At most 200 characters': 'adminPeople.field.creditReasonTooLong',
  // Retention periods (contract/retention.ts)
  'Enter a number of days': 'adminPeople.field.days',
  'Enter a whole number of days': 'adminPeople.field.wholeDays',
  'Enter at least 1 days': 'adminPeople.field.daysAtLeast1',
  'Enter at least 30 days': 'adminPeople.field.daysAtLeast30',
  'Enter at least 365 days': 'adminPeople.field.daysAtLeast365',
  'Enter at most 30 days': 'adminPeople.field.daysAtMost30',
  'Enter at most 365 days': 'adminPeople.field.daysAtMost365',
  'Enter at most 1825 days': 'adminPeople.field.daysAtMost1825',
  'Enter at most 3653 days': 'adminPeople.field.daysAtMost3653',
  // Abandoned-cart reminders (contract/api/insights.ts)
  'Enter a number of hours': 'adminPeople.field.hours',
  'Whole hours': 'adminPeople.field.wholeHours',
  'At least 1 hours': 'adminPeople.field.hoursAtLeast1',
  'At least 2 hours': 'adminPeople.field.hoursAtLeast2',
  'At most 168 hours': 'adminPeople.field.hoursAtMost168',
  'At most 720 hours': 'adminPeople.field.hoursAtMost720',
  'The follow-up comes after the first reminder': 'adminPeople.field.followupAfterFirst',
  'Enter a subject line': 'adminPeople.field.subject',
  'At most 120 characters': 'adminPeople.field.subjectTooLong',
  // Pages (contract/api/pages.ts)
  'Enter a title': 'adminPeople.field.title',
  'Keep the title under 120 characters': 'adminPeople.field.titleTooLong',
  'Keep the description under 300 characters': 'adminPeople.field.descriptionTooLong',
  'Keep the address under 80 characters': 'adminPeople.field.slugTooLong',
  'Use lower-case letters, digits and single hyphens': 'adminPeople.field.slugFormat',
  'The page is too long': 'adminPeople.field.pageTooLong',
  // The navigation's links and columns (contract/api/navigation.ts, app/forms/admin-navigation.ts)
  'Choose the menu or column': 'adminPeople.navigation.field.group',
  "Invalid discriminator value. Expected 'catalogue' | 'product' | 'category' | 'page' | 'url' | 'path'":
    'adminPeople.navigation.field.kind',
  'Enter the label shoppers see': 'adminPeople.navigation.field.label',
  'Keep the label under 80 characters': 'adminPeople.navigation.field.labelTooLong',
  'Choose a product': 'adminPeople.navigation.field.product',
  'Choose a category': 'adminPeople.navigation.field.category',
  'Choose a page': 'adminPeople.navigation.field.page',
  'Enter the address': 'adminPeople.navigation.field.address',
  'Keep the address under 500 characters': 'adminPeople.navigation.field.addressTooLong',
  'Use a full address that starts with https://': 'adminPeople.navigation.field.addressFormat',
  'Enter the path': 'adminPeople.navigation.field.path',
  'Keep the path under 200 characters': 'adminPeople.navigation.field.pathTooLong',
  'Use a path of the shop that starts with /, such as /contact': 'adminPeople.navigation.field.pathFormat',
  'Open the menu again': 'adminPeople.navigation.field.version',
  'Enter the heading': 'adminPeople.navigation.field.heading',
  'Keep the heading under 60 characters': 'adminPeople.navigation.field.headingTooLong',
  // The home page's hero and the products shown first (contract/api/home.ts, admin.home.tsx)
  'Enter a headline': 'adminPeople.home.field.headline',
  'Keep the headline under 120 characters': 'adminPeople.home.field.headlineTooLong',
  'Keep the text under 400 characters': 'adminPeople.home.field.textTooLong',
  "Enter the button's words": 'adminPeople.home.field.button',
  "Keep the button's words under 60 characters": 'adminPeople.home.field.buttonTooLong',
  'Choose where the button leads': 'adminPeople.home.field.link',
  'Choose a start time': 'adminPeople.home.field.startsAt',
  'Choose products of the catalogue': 'adminPeople.home.field.featuredProduct',
  'Choose at most 8 products': 'adminPeople.home.field.featuredMax',
  'Choose each product once': 'adminPeople.home.field.featuredOnce',
  // The contact page's address and hours (contract/api/page-fields.ts; 'Enter the address' is the navigation's)
  'Keep the address under 300 characters': 'adminPeople.contactFields.field.addressTooLong',
  'Enter the days': 'adminPeople.contactFields.field.days',
  'Keep the days under 40 characters': 'adminPeople.contactFields.field.daysTooLong',
  'Enter the hours': 'adminPeople.contactFields.field.hours',
  'Keep the hours under 60 characters': 'adminPeople.contactFields.field.hoursTooLong',
  'Array must contain at most 7 element(s)': 'adminPeople.contactFields.field.tooManyRows',
};
