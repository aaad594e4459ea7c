import { readOutbox } from '../../api/src/services/mail';
import type { TestApi } from './test-api';
import { TEST_ADMIN_TOKEN } from './test-api';

export const STAFF_PASSWORD = 'Back-Office-2026';
export const cliHeaders = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

let counter = 0;
export const staffAddress = (label: string) => `${label}-${++counter}-${Date.now()}@brand.example`;

function post(api: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** The six-digit code in the newest email to `email`. */
export async function mailedStaffCode(api: TestApi, email: string): Promise<string> {
  const [newest] = await readOutbox(api.database.db, email);
  const match = /\b(\d{6})\b/.exec(newest?.subject ?? '');
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

/** Adds a member with the CLI's token, lets them choose a password with the mailed code, signs them in. */
export async function staffMember(
  api: TestApi,
  role: 'owner' | 'staff',
  email = staffAddress(role),
): Promise<{ email: string; token: string }> {
  const added = await post(api, '/api/admin/staff', { email, role }, cliHeaders);
  if (added.status !== 201) throw new Error(`adding ${email}: ${added.status}`);
  const set = await post(api, '/api/staff/set-password', { email, code: await mailedStaffCode(api, email), password: STAFF_PASSWORD });
  if (set.status !== 204) throw new Error(`password for ${email}: ${set.status}`);
  const login = await post(api, '/api/staff/login', { email, password: STAFF_PASSWORD });
  if (login.status !== 200) throw new Error(`signing in ${email}: ${login.status}`);
  return { email, token: ((await login.json()) as { token: string }).token };
}
