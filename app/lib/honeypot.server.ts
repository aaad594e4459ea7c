import { Honeypot } from 'remix-utils/honeypot/server';
import { getEnv } from './env.server';
import { formNotAccepted } from './form-data.server';

let honeypot: { secret: string; instance: Honeypot } | undefined;

/** One honeypot per session secret, so hidden timestamps survive restarts of the storefront. */
export function getHoneypot(): Honeypot {
  const secret = getEnv().SESSION_SECRET;
  if (honeypot?.secret !== secret) {
    honeypot = { secret, instance: new Honeypot({ encryptionSeed: secret, validFromFieldName: 'from__confirm' }) };
  }
  return honeypot.instance;
}

/**
 * For public form actions: a filled honeypot answers 400 and the action does nothing else. So does
 * a timestamp field that does not decrypt (the library throws a plain Error for it, not SpamError).
 */
export function checkHoneypot(formData: FormData): void {
  try {
    getHoneypot().check(formData);
  } catch {
    throw formNotAccepted();
  }
}
