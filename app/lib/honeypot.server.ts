import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server';

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

let inputs: { instance: Honeypot; props: HoneypotInputProps; until: number } | undefined;

/**
 * The honeypot's fields for a page. Encrypting the timestamp is the costly part of every render, so
 * one set serves the renders of a second: its time says the form was drawn at most a second earlier
 * than it was, which the check (never before that time) does not mind.
 */
export function honeypotInputProps(now = Date.now()): HoneypotInputProps {
  const instance = getHoneypot();
  if (!inputs || inputs.instance !== instance || now >= inputs.until || now < inputs.until - 1_000) {
    inputs = { instance, props: instance.getInputProps({ validFromTimestamp: now }), until: now + 1_000 };
  }
  return inputs.props;
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
