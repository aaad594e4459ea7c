import { describe, expect, it } from 'vitest';

import { contactSchema, reasonFromQuery } from './contact';

const valid = { name: 'Ada', email: 'Ada@Example.com ', reason: 'order', subject: 'Hello', message: 'A question' };

function firstErrors(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('contact schema', () => {
  it('accepts a complete message, trimming and lower-casing the email', () => {
    expect(contactSchema.parse(valid)).toEqual({ ...valid, email: 'ada@example.com' });
  });

  it('gives the spec messages for missing or blank fields', () => {
    expect(firstErrors({ name: '  ', email: ' ', reason: '', subject: '\t', message: '' })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      reason: 'Please select a reason for contact',
      subject: 'Please enter a subject',
      message: 'Please enter your message',
    });
    expect(firstErrors({})).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      reason: 'Please select a reason for contact',
      subject: 'Please enter a subject',
      message: 'Please enter your message',
    });
  });

  it('rejects an email without the shape of an address, and unknown reasons', () => {
    expect(firstErrors({ ...valid, email: 'ada@example' })).toEqual({ email: 'Please enter a valid email address' });
    expect(firstErrors({ ...valid, email: 'ada example.com' })).toEqual({ email: 'Please enter a valid email address' });
    expect(firstErrors({ ...valid, reason: 'refund' })).toEqual({ reason: 'Please select a reason for contact' });
  });

  it('maps ?reason= from other pages to a reason', () => {
    expect(reasonFromQuery('purchase_error')).toBe('order');
    expect(reasonFromQuery('press')).toBe('press');
    expect(reasonFromQuery('nonsense')).toBeUndefined();
    expect(reasonFromQuery(null)).toBeUndefined();
  });
});
