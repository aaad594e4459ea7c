import { describe, expect, it } from 'vitest';

import { checkHoneypot, honeypotInputProps } from './honeypot.server';

function formWith(props: ReturnType<typeof honeypotInputProps>, name = ''): FormData {
  const form = new FormData();
  form.set(props.nameFieldName, name);
  if (props.validFromFieldName) form.set(props.validFromFieldName, props.encryptedValidFrom);
  return form;
}

describe('honeypot fields', () => {
  it('one encrypted set serves the renders of a second, then a new one is made', () => {
    const start = Date.now();
    const first = honeypotInputProps(start);
    expect(honeypotInputProps(start + 999)).toBe(first);
    const next = honeypotInputProps(start + 1_000);
    expect(next).not.toBe(first);
    expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom);
    // A clock that went back does not reuse a set stamped later.
    expect(honeypotInputProps(start - 5_000)).not.toBe(next);
  });

  it('a form drawn with them passes; a filled trap or a forged time does not', () => {
    const props = honeypotInputProps();
    expect(() => checkHoneypot(formWith(props))).not.toThrow();
    expect(() => checkHoneypot(formWith(props, 'bot'))).toThrow();
    expect(() => checkHoneypot(formWith({ ...props, encryptedValidFrom: 'not-encrypted' }))).toThrow();
  });
});
