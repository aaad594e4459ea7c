import { apiUrl } from '../support/e2e';
import { registerAccount, signInAs } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { EDGE_PLAIN_HTTP } from '../support/e2e-edge';
import { adminToken, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { latestMail } from '../support/mailbox';

test.describe('marketing consent and the funnel (issues 39 and 41)', () => {
  test('a shopper asks for marketing email on the profile, confirms it from the email, and withdraws it there', async ({
    page,
    context,
    baseURL,
    request,
  }, info) => {
    const account = await registerAccount(uniqueEmail(info, 'marketing'));
    await signInAs(context, baseURL!, account);
    await page.goto('/profile');
    const panel = page.getByRole('region', { name: 'Your consents' });
    await expect(panel.getByRole('heading', { name: 'Marketing emails' })).toBeVisible();
    await expect(panel.getByText('We send you no marketing emails.', { exact: false })).toBeVisible();
    await expectAdminAccessible(page, info);

    await panel.getByRole('button', { name: 'Email me about my cart, drops and offers' }).click();
    await expect(page.getByText('We sent you an email: follow its link to confirm.')).toBeVisible();
    await expect(panel.getByText('Check your inbox', { exact: false })).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Marketing emails' })).toContainText('Waiting for your confirmation');

    const mail = await latestMail(request, account.email, /Confirm that you want emails from FILO/);
    const link = new URL(/https?:\/\/\S+\/marketing\/confirm\?token=\S+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expectAdminAccessible(page, info);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Thank you: your choice is confirmed.')).toBeVisible();

    await page.goto('/profile');
    await expect(panel.getByText('You get marketing emails.', { exact: false })).toBeVisible();
    await panel.getByRole('button', { name: 'Withdraw Marketing emails' }).click();
    await expect(page.getByText('Your consent has been withdrawn.')).toBeVisible();
    await expect(panel.getByText('We send you no marketing emails.', { exact: false })).toBeVisible();
  });

  test('an owner reads the funnel on the dashboard for 7 and 30 days, and turns reminders on', async ({ page }, info) => {
    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, '/admin/login?redirectTo=%2Fadmin');
    const funnel = page.getByRole('region', { name: 'Funnel' });
    await expect(funnel.getByRole('heading', { level: 2, name: 'Funnel' })).toBeVisible();
    await expect(funnel.getByRole('img', { name: /Shoppers at each step, last 7 days/ })).toBeVisible();
    await expect(funnel.getByRole('table', { name: /Shoppers at each step in the last 7 days/ })).toBeVisible();
    await expectAdminAccessible(page, info);
    await funnel.getByRole('link', { name: 'Last 30 days' }).click();
    await expect(funnel.getByRole('table', { name: /Shoppers at each step in the last 30 days/ })).toBeVisible();
    await expect(funnel.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/admin/funnel.csv?days=30');

    await page.getByRole('navigation', { name: 'Back office', exact: true }).getByRole('link', { name: 'Reminders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reminders and demand' })).toBeVisible();
    await expectAdminAccessible(page, info);
    const enabled = page.getByLabel('Send abandoned-cart reminders');
    if (!(await enabled.isChecked())) await enabled.check();
    await page.getByRole('button', { name: 'Save reminder settings' }).click();
    await expect(page.getByText('The reminder settings are saved.')).toBeVisible();
    await expect(page.getByLabel('Send abandoned-cart reminders')).toBeChecked();
  });

  test(
    'product pages served, from the page cache too, reach the funnel as views within its batch time (Node and edge)',
    EDGE_PLAIN_HTTP,
    async ({ request }, info) => {
      // One product per host: the two projects may run this side by side against the same API.
      const product = info.project.name.startsWith('edge') ? 'Tracer Hoodie' : 'Padded Jorts';
      const views = async () => {
        const res = await request.get(`${apiUrl}/api/admin/funnel?days=7`, { headers: { Authorization: `Bearer ${adminToken()}` } });
        const funnel = (await res.json()) as { products: { name: string; view: number }[] };
        return funnel.products.find((p) => p.name === product)?.view ?? 0;
      };
      const before = await views();
      // No cookie: the second is answered from the page cache, which the API never sees.
      const path = `/product/${encodeURIComponent(product)}`;
      for (let i = 0; i < 2; i++) expect((await request.get(path, { headers: { Cookie: '' } })).status()).toBe(200);
      await expect.poll(views, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
    },
  );
});
