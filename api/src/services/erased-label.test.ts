import { describe, expect, it } from 'vitest';

import { customerLabel } from '@contract/erased';

import { erasedEmail } from './account-deletion';

describe('an erased customer in the back office', () => {
  it('is named "Customer erased", and anyone else by their email', () => {
    expect(customerLabel(erasedEmail('0b6f1d2e-3c4a-4b5c-8d9e-0f1a2b3c4d5e'))).toBe('Customer erased');
    expect(customerLabel('ada@example.com')).toBe('ada@example.com');
    expect(customerLabel('someone@erased.invalid.example.com')).toBe('someone@erased.invalid.example.com');
  });
});
