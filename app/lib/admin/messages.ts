/** The back office's own sentences (it is not part of the shop's spec), each defined once. */
export const ADMIN_MESSAGES = {
  passwordSet: 'Your password is set. Sign in with it now.',
  signedOut: 'You have signed out of the back office.',
  sessionEnded: 'Your back-office session has ended. Please sign in again.',
  ownerOnly: 'Only an owner may manage staff.',
  pagesOwnerOnly: 'Only an owner may add, move or publish a page.',
  pageCreated: (path: string) => `The page is added as a draft; it will be at ${path} once published.`,
  pageSaved: (version: number) => `Version ${version} is saved as a draft. Shoppers see it once it is published.`,
  pagePublished: (version: number, path: string) => `Version ${version} is published: shoppers see it at ${path} now.`,
  pageRestored: (from: number, version: number) => `Version ${from} is written again as version ${version}, a draft.`,
  pageUnpublished: 'The page is a draft again; shoppers no longer see it.',
  pageDeleted: (title: string) => `The page ${title} is deleted, with its history; its address now shows the shop's not-found page.`,
  pageDeleteUnconfirmed: 'Tick the box to confirm that the page and its history go for good.',
  privacyOwnerOnly: 'Only an owner may see the privacy log and change the retention periods.',
  customerErased: 'The customer has been erased.',
  retentionSaved: 'The retention periods are saved. The privacy policy states them, and the next purge uses them.',
  staffAdded: (email: string, role: string) => `${email} was added as ${role}. They have been mailed a code to choose a password.`,
  codeResent: (email: string) => `A new code was mailed to ${email}.`,
  staffRemoved: (email: string) => `${email} is no longer on the staff; their sessions have ended.`,
  refunded: (amount: string, number: string, restocked: boolean) =>
    `${amount} was refunded on order ${number}${restocked ? ' and the units are back on sale' : ''}. The buyer was emailed.`,
  refundReplayed: (amount: string, number: string) =>
    `That refund was already made: ${amount} on order ${number}. Nothing more was refunded.`,
  cancelled: (number: string, amount: string) =>
    `Order ${number} is cancelled: ${amount} was refunded, the units are back on sale and the buyer was emailed.`,
} as const;
