import { expect, test } from '../support/e2e-test';
import { apiUrl } from '../support/e2e';
import { mailboxOf, shopCli, uniqueEmail } from '../support/e2e-shop';

test('the owner reads a sign-in code with `npm run shop -- mail --to`', async ({}, info) => {
  const email = uniqueEmail(info, 'cli-mail');
  const res = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, guest_checkout: false }),
  });
  expect(res.status).toBe(200);
  const [mailed] = await mailboxOf(email);
  const code = /\b(\d{6})\b/.exec(mailed.text)![1];
  const printed = shopCli('mail', '--to', email);
  expect(printed).toContain(`to ${email}`);
  expect(printed).toContain(code);
  expect(shopCli('mail', '--to', `nobody-${email}`)).toContain('No mail yet.');
});
