import { describe, expect, it } from 'vitest';

import { PROFILE_FIELDS } from '~/forms/profile';

import { profileFieldErrors } from './account.server';
import { ApiRequestError } from './api.server';

describe('profileFieldErrors', () => {
  it("maps the API's 422 list onto the form's fields", () => {
    const error = new ApiRequestError(422, 'joined', [
      { loc: ['body', 'first_name'], msg: 'First name is too long', type: 'too_big' },
      { loc: ['body', 'phone'], msg: 'Please enter a valid phone number', type: 'invalid_string' },
      { loc: ['body', 'unknown'], msg: 'ignored', type: 'x' },
    ]);
    expect(profileFieldErrors(error, PROFILE_FIELDS)).toEqual({
      first_name: ['First name is too long'],
      phone: ['Please enter a valid phone number'],
    });
  });

  it('has nothing to say about other failures', () => {
    expect(profileFieldErrors(new ApiRequestError(403, 'Please create an account to edit your profile'), PROFILE_FIELDS)).toBeNull();
    expect(
      profileFieldErrors(new ApiRequestError(422, 'x', [{ loc: ['body'], msg: 'Request body is not valid JSON' }]), PROFILE_FIELDS),
    ).toBeNull();
    expect(profileFieldErrors(new Error('boom'), PROFILE_FIELDS)).toBeNull();
  });
});
