import { expect } from 'vitest';

import { action as languageAction } from '~/routes/admin.language';
import { action as loginAction } from '~/routes/admin.login';

import { runAdminRoute } from './admin-route';
import { STAFF_PASSWORD, staffMember } from './staff';
import type { TestApi } from './test-api';

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

/**
 * A new member of staff signed in through the back office's sign-in action, and, with `locale`, who
 * then chose that language with the frame's switcher (ADR 072): their `__staff` cookie and email.
 */
export async function backOfficeMember(
  api: TestApi,
  role: 'owner' | 'staff',
  options: { locale?: 'en' | 'it' } = {},
): Promise<{ cookie: string; email: string }> {
  const { email } = await staffMember(api, role);
  const form: [string, string][] = [
    ['intent', 'login'],
    ['email', email],
    ['password', STAFF_PASSWORD],
    ['redirectTo', ''],
  ];
  const login = await runAdminRoute(loginAction, '/admin/login', {}, { form });
  expect(login.status).toBe(303);
  if (!options.locale) return { cookie: cookieOf(login), email };
  const chosen = await runAdminRoute(
    languageAction,
    '/admin/language',
    {},
    {
      cookie: cookieOf(login),
      form: [
        ['locale', options.locale],
        ['redirectTo', '/admin'],
      ],
    },
  );
  expect(chosen.status).toBe(303);
  return { cookie: cookieOf(chosen), email };
}
