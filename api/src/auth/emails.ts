import { BRAND } from '@contract/brand';

import { type RenderedEmail, renderEmail } from '../services/mail-templates.js';

export function verificationCodeEmail(code: string, purpose: 'register' | 'guest'): RenderedEmail {
  return renderEmail({
    subject: `Your ${BRAND.name} verification code: ${code}`,
    heading: 'Verify your email',
    paragraphs: [
      purpose === 'register'
        ? `Enter this code to create your ${BRAND.name} account.`
        : `Enter this code to continue as a guest at ${BRAND.name}.`,
      'The code is valid for 10 minutes. If you did not ask for it, you can ignore this email.',
    ],
    code,
  });
}

export function resetCodeEmail(code: string): RenderedEmail {
  return renderEmail({
    subject: `Your ${BRAND.name} password reset code: ${code}`,
    heading: 'Reset your password',
    paragraphs: [
      'Enter this code to choose a new password.',
      'The code is valid for 10 minutes. If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
    ],
    code,
  });
}

/** After registration: what the account gives, and where to find it. */
export function welcomeEmail(firstName: string, storefrontUrl: string): RenderedEmail {
  return renderEmail({
    subject: firstName ? `Welcome to ${BRAND.name}, ${firstName}` : `Welcome to ${BRAND.name}`,
    heading: firstName ? `Welcome, ${firstName}` : 'Welcome',
    paragraphs: [
      `Your ${BRAND.name} account is ready. Your orders, their receipts and the collectible cards your purchases unlock are all in your profile.`,
      'If you did not create this account, reply to this email and we will close it.',
    ],
    action: { label: 'Go to your profile', url: new URL('/profile', storefrontUrl).toString() },
  });
}
