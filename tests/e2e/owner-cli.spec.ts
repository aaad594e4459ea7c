import { apiUrl } from '../support/e2e';
import { buy, registerAccount, roomyVariants } from '../support/e2e-account';
import { PLAIN_HTTP } from '../support/e2e-edge';
import { adminToken, mailboxOf, shopCli, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

test('the owner reads a sign-in code with `npm run shop -- mail --to`', PLAIN_HTTP, async ({}, info) => {
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

test(
  'the owner reads one order, with what to pack and where to send it, with `npm run shop -- order`',
  PLAIN_HTTP,
  async ({ baseURL }, info) => {
    const account = await registerAccount(uniqueEmail(info, 'cli-order'));
    const [variant] = await roomyVariants('Tracer Tee');
    const purchaseId = await buy(account, [variant], baseURL!);
    const printed = shopCli('order', purchaseId.slice(0, 8));
    expect(printed).toMatch(/^ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}\s+Processing/m);
    expect(printed).toContain(`Buyer: ${account.email}`);
    expect(printed).toContain(`1 × Tracer Tee`);
    // Its options in the catalogue's words ("Signal red / ..."), not their codes ("RED / ...").
    expect(printed).toMatch(/1 × Tracer Tee \([A-Z][a-z]/);
    expect(printed).not.toMatch(/1 × Tracer Tee \([A-Z]+ \//);
    expect(printed).toContain(variant.sku);
    expect(printed).toContain('Deliver to:\n  Ada Rossi\n  Via Po 1\n  10124 Torino\n  Italy');
    expect(() => shopCli('order', 'ORD-2020-01-01-DEADBEEF')).toThrow(/No order ORD-2020-01-01-DEADBEEF/);
  },
);

test(
  'the owner adds people to the back office with `npm run shop -- staff add`, and each is mailed a code',
  PLAIN_HTTP,
  async ({}, info) => {
    const email = uniqueEmail(info, 'cli-staff');
    expect(shopCli('staff', 'add', email.toUpperCase(), '--role', 'staff')).toContain(
      `${email} added as staff; a code to choose a password has been mailed to them`,
    );
    const [mailed] = await mailboxOf(email);
    expect(mailed.subject).toMatch(/^Your FILO back office code: \d{6}$/);
    expect(mailed.text).toContain(`/admin/login?email=${encodeURIComponent(email)}`);
    expect(shopCli('staff')).toContain(`${email}  staff  (has not chosen a password yet)`);
    expect(() => shopCli('staff', 'add', email, '--role', 'staff')).toThrow(new RegExp(`${email} is already on the staff`));
    expect(() => shopCli('staff', 'add', `other-${email}`, '--role', 'boss')).toThrow(/staff add needs --role owner or --role staff/);
    const entries = await (
      await fetch(`${apiUrl}/api/admin/audit?subject_type=staff&subject_id=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${adminToken()}` },
      })
    ).json();
    expect(entries).toEqual([expect.objectContaining({ actor: 'cli', action: 'staff.add', after: { role: 'staff' } })]);

    expect(shopCli('staff', 'remove', email)).toContain(`${email} (staff) is no longer on the staff; their sessions have ended.`);
    expect(shopCli('staff')).not.toContain(email);
    expect(() => shopCli('staff', 'remove', email)).toThrow(new RegExp(`${email} is not on the staff`));
    expect(() => shopCli('staff', 'remove')).toThrow(/staff remove needs an email/);
  },
);
