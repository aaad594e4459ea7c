import type { ShopLocale } from '@contract/locale';

import { type RenderedEmail, renderEmail } from '../services/mail-templates.js';
import { mailWords } from '../services/mail-words.js';

/** The sign-in code, in the language of the page the shopper asked from. */
export function verificationCodeEmail(code: string, purpose: 'register' | 'guest', locale: ShopLocale = 'en'): RenderedEmail {
  const w = mailWords(locale).verification;
  return renderEmail({
    subject: w.subject(code),
    heading: w.heading,
    paragraphs: [purpose === 'register' ? w.register : w.guest, w.validity],
    code,
    locale,
  });
}

export function resetCodeEmail(code: string, locale: ShopLocale = 'en'): RenderedEmail {
  const w = mailWords(locale).reset;
  return renderEmail({ subject: w.subject(code), heading: w.heading, paragraphs: [w.text, w.validity], code, locale });
}

/** After registration: what the account gives, and where to find it. */
export function welcomeEmail(firstName: string, storefrontUrl: string, locale: ShopLocale = 'en'): RenderedEmail {
  const words = mailWords(locale);
  const w = words.welcome;
  return renderEmail({
    subject: w.subject(firstName),
    heading: w.heading(firstName),
    paragraphs: [w.text, w.notYou],
    action: { label: w.action, url: new URL(words.page('/profile'), storefrontUrl).toString() },
    locale,
  });
}
