import { readFileSync } from 'node:fs';

// One spec on purpose (over 300 lines): the sign-in flow on its pages and in the modal, sharing the mailbox helpers and one seeded shop.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { openDataArchive } from '../support/data-archive';
import { buyInSession, guestAccount, registerAccount, signInAs, signInNewMember, variantBySku } from '../support/e2e-account';
import { EDGE, EDGE_HTML } from '../support/e2e-edge';
import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { latestCode, latestMail, uniqueEmail } from '../support/mailbox';
import { PASSWORD, registerThroughPage, startWithEmail, verifyAsGuestInModal } from '../support/sign-in';

const register = registerThroughPage;

test.describe('registration and sign-in', () => {
  test('register with the code from the mailbox, then the profile is reached on its own', EDGE, async ({ page, request }) => {
    const email = uniqueEmail('register');
    await register(page, request, email);
    await expect(page.getByText(/Redirecting in \ds/)).toBeVisible();
    // The 5-second countdown ends on the profile, with JavaScript (live) and without (meta refresh).
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Rossi!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page).toHaveTitle('Profile - FILO');
  });

  test('the marketing box ticked at sign-up asks for the consent: its confirmation email arrives', async ({ page, request }) => {
    const email = uniqueEmail('register-marketing');
    await register(page, request, email, PASSWORD, { marketing: true });
    const mail = await latestMail(request, email, /Confirm that you want emails from FILO/);
    expect(mail.text).toMatch(/\/marketing\/confirm\?token=/);
  });

  test('an existing account goes to the password step; a wrong password is refused on the password field', EDGE_HTML, async ({ page }) => {
    const email = uniqueEmail('login');
    await registerAccount(email);

    await page.goto('/login');
    await startWithEmail(page, email);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByLabel('Password').fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const password = page.getByLabel('Password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-describedby', /password-error/);

    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Bringing you to your account...')).toBeVisible();
    await page.getByRole('link', { name: 'Redirect now' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Rossi!' })).toBeVisible();
  });

  test('five wrong passwords lock the account', async ({ page }) => {
    const email = uniqueEmail('lockout');
    await registerAccount(email);
    await page.goto('/login');
    await startWithEmail(page, email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Password').fill(`Wrong-Password-${attempt}`);
      await page.getByRole('button', { name: 'Log In' }).click();
      if (attempt < 5) await expect(page.getByText('Invalid email or password')).toBeVisible();
    }
    await expect(page.getByText('Account temporarily locked due to multiple failed attempts. Please try again later.')).toBeVisible();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Account temporarily locked due to multiple failed attempts. Please try again later.')).toBeVisible();
  });

  test('forgot password: reset with the mailed code, back to login after the countdown, new password works', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await registerAccount(email);
    await page.goto('/login');
    await startWithEmail(page, email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByText('Password reset code sent to your email!')).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

    await page.getByLabel('Reset code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    const code = await latestCode(request, email, /reset/i);
    if (code !== '000000') await expect(page.getByText('Invalid reset code. Please check and try again.')).toBeVisible();
    await page.getByLabel('Reset code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass-8');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByRole('heading', { name: 'Password reset successful' })).toBeVisible();
    // The 5-second countdown returns to the login step with nothing filled in.
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByLabel('Password')).toHaveValue('');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password').fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Bringing you to your account...')).toBeVisible();
  });

  test(
    'a guarded page sends a visitor to login and back there afterwards; an off-site redirect is ignored',
    EDGE_HTML,
    async ({ page }) => {
      const email = uniqueEmail('guard');
      await registerAccount(email);

      await page.goto('/profile');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile&reason=login$/);
      await expect(page.getByText('Please login to continue')).toBeVisible();
      await startWithEmail(page, email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('link', { name: 'Redirect now' }).click();
      await expect(page).toHaveURL(/\/profile$/);

      await page.context().clearCookies();
      await page.goto('/login?redirectTo=https%3A%2F%2Fevil.example%2Fsteal');
      await startWithEmail(page, email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      const redirectNow = page.getByRole('link', { name: 'Redirect now' });
      await expect(redirectNow).toHaveAttribute('href', '/profile');
    },
  );

  test('every validation message of the sign-in steps, word for word', async ({ page, request }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    // Longer than 254 characters cannot be typed at all (maxlength); the schema test covers its message.
    await expect(page.getByLabel('Email')).toHaveAttribute('maxlength', '254');

    const email = uniqueEmail('messages');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Verify Email to Continue as Guest' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify Email to Create Account' }).click();
    const code = page.getByLabel('Verification code');
    await expect(code).toBeVisible();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Verification code is required')).toBeVisible();
    await code.fill('12345');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Verification code must be 6 digits')).toBeVisible();
    const real = await latestCode(request, email, /verification code/i);
    await code.fill(real === '999999' ? '999998' : '999999');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Invalid verification code. Please check and try again.')).toBeVisible();
    await page.getByLabel('Verification code').fill(real);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    const submit = () => page.getByRole('button', { name: 'Create Account' }).click();
    await submit();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('You must accept the privacy policy and terms')).toBeVisible();

    // Over-long names and passwords cannot be typed (maxlength); the schema test covers those messages.
    const cases: [string, string, string][] = [
      ['First name', 'A', 'First name must be at least 2 characters'],
      ['Password', 'Short1', 'Password must be at least 8 characters'],
      ['Password', 'lowercase1', 'Password must contain at least one uppercase letter'],
      ['Password', 'UPPERCASE1', 'Password must contain at least one lowercase letter'],
      ['Password', 'NoDigitsHere', 'Password must contain at least one number'],
    ];
    for (const [label, value, message] of cases) {
      await page.getByLabel(label, { exact: true }).fill(value);
      await submit();
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Rossi');
    await page.getByLabel(/I accept the/).check();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('Different-1');
    await submit();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});

test('names lose characters they may not contain as they are typed (JavaScript) or are refused (no JavaScript)', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('names');
  await page.goto('/register');
  await startWithEmail(page, email);
  await page.getByRole('button', { name: 'Verify Email to Create Account' }).click();
  await page.getByLabel('Verification code').fill(await latestCode(request, email, /verification code/i));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByLabel('Last name').pressSequentially('R0ssi!');
  if (testInfo.project.name === 'javascript') {
    await expect(page.getByLabel('Last name')).toHaveValue('Rssi');
  } else {
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Last name contains invalid characters')).toBeVisible();
  }
});

test('the verification email carries the code in text and HTML', async ({ page, request }) => {
  const email = uniqueEmail('mail');
  await page.goto('/register');
  await startWithEmail(page, email);
  await page.getByRole('button', { name: 'Verify Email to Create Account' }).click();
  const message = await latestMail(request, email, /verification code/i);
  const code = /\b(\d{6})\b/.exec(message.text)![1];
  expect(message.html).toContain(code);
});

test('logout is a form in the navigation and lands on the shop', EDGE_HTML, async ({ page }) => {
  const email = uniqueEmail('logout');
  await signInNewMember(page, email);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada Rossi!' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeAttached();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
});

test.describe('sign-in modal over a shop page', () => {
  test('a visitor verifies as a guest and comes back to the page, signed in', async ({ page, request }) => {
    const email = uniqueEmail('guest');
    await page.goto('/product/Tracer%20Tee?auth=email');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('button', { name: 'Verify Email to Create Account' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Verify Email to Continue as Guest' }).click();
    await expect(dialog.getByLabel('Verification code')).toBeVisible();
    await dialog.getByLabel('Verification code').fill(await latestCode(request, email, /verification code/i));
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(dialog.getByRole('link', { name: 'Redirect now' })).toHaveAttribute('href', '/product/Tracer%20Tee');
    await dialog.getByRole('link', { name: 'Redirect now' }).click();
    await expect(page).toHaveURL(/\/product\/Tracer%20Tee$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' }).first()).toBeAttached();

    // A guest may not open the account pages.
    await page.goto('/profile');
    await expect(page.getByText('Please create an account to access this feature.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
  });

  test('a guest sent to a page for accounts makes the account there, from their own email, and reaches the page', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('guest-upgrade');
    await page.goto('/about?auth=email');
    await verifyAsGuestInModal(page, request, email);
    await page.getByRole('dialog').getByRole('link', { name: 'Redirect now' }).click();
    await expect(page).toHaveURL(/\/about$/);
    const guestCode = await latestMail(request, email, /verification code/i);

    // Every page for accounts, and the Create Account link of the order pages: the guard's reason and
    // the first step with the guest's email, never a success step that sends them back.
    for (const path of ['/profile', '/register']) {
      await page.goto(path);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByText(/Redirecting in/)).toHaveCount(0);
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
      if (path !== '/register') await expect(page.getByText('Please create an account to access this feature.')).toBeVisible();
    }
    // Their orders are theirs to see (ADR 048): no guard, the page with its one-step account.
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByText('Please create an account to access this feature.')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Create an account with this email' }).getByLabel('Email')).toHaveValue(email);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Verify Email to Create Account' }).click();
    await page.getByLabel('Verification code').fill(await latestCode(request, email, /verification code/i, guestCode.created_at));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Rossi');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('link', { name: 'Redirect now' })).toHaveAttribute('href', '/profile');
    // A timed redirect without JavaScript sits in the head, where a refresh is valid; never in the body.
    await expect(page.locator('body meta[http-equiv="refresh"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Redirect now' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Rossi!' })).toBeVisible();
    await expect(page.getByText('Please create an account to access this feature.')).toHaveCount(0);
  });

  test('a guest who bought sees the order on /orders and keeps it in an account made there with a password only', async ({
    page,
    context,
    baseURL,
  }, info) => {
    // The guest verified by code and bought through the API (the guest checkout from the cart and the
    // modal's code are journeys of their own: cart.spec.ts, and above); then /orders and the account.
    test.slow();
    const email = uniqueEmail('guest-orders');
    const guest = await guestAccount(email);
    const { sessionId } = await buyInSession(guest, [await variantBySku('Tracer Tee', 'TT-BLK-SM')], baseURL!);
    await signInAs(context, baseURL!, guest);
    await page.goto(`/order-success?session_id=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const number = (await page.getByTestId('order-number').textContent())!;

    await page.goto('/orders');
    const panel = page.getByRole('region', { name: 'Create an account with this email' });
    await expect(panel.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: number })).toBeVisible();
    // Receipts and the export are for accounts, and the page says why.
    await expect(page.getByRole('link', { name: 'Export to CSV' })).toHaveCount(0);
    await page
      .getByTestId('order-card')
      .getByRole(hasJavaScript(info) ? 'button' : 'link', { name: /View Details/ })
      .click();
    await expect(page.getByText('Receipts are for accounts: create yours with this email to download them.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Receipt' })).toHaveCount(0);
    // The right of withdrawal, with the model form filled in for this order.
    await expect(page.getByRole('region', { name: 'Right of withdrawal' })).toContainText(`Order number: ${number}`);
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
    // The guest takes the file of everything held about their email (GDPR art. 15 and 20).
    const downloading = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' }).click();
    const { data: file } = openDataArchive(readFileSync((await (await downloading).path())!));
    expect(file.account).toMatchObject({ email, user_type: 'guest' });
    expect(file.orders.map((order: { order_number: string }) => order.order_number)).toEqual([number]);
    // Their consents, as a profile would list them: marketing emails asked for, then withdrawn, each in one post.
    const consents = page.getByRole('region', { name: 'Your consents' });
    await consents.getByRole('button', { name: 'Email me about my cart, drops and offers' }).click();
    await expect(page.getByText('We sent you an email: follow its link to confirm.')).toBeVisible();
    await expect(consents.getByText('Waiting for your confirmation')).toBeVisible();
    await consents.getByRole('button', { name: 'Withdraw Marketing emails' }).click();
    await expect(page.getByText('Your consent has been withdrawn.')).toBeVisible();
    await expect(consents.getByText(/^Withdrawn /)).toBeVisible();

    // A password registration would refuse is refused on the field (in the browser, or by the action).
    const password = panel.getByLabel('Password');
    await password.fill('weak');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Your account is ready, and your orders are in it.')).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: number })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export to CSV' })).toBeVisible();
    // The account is a real one: signed out, its password signs it in, and the order is there.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login?redirectTo=%2Forders');
    await startWithEmail(page, email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('link', { name: 'Redirect now' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 2, name: number })).toBeVisible();
  });

  test('a shopper already signed in who opens it is told so and sent back (success at any step)', async ({ page }) => {
    const email = uniqueEmail('modal-signed-in');
    await signInNewMember(page, email);
    for (const step of ['email', 'login', 'register']) {
      await page.goto(`/about?auth=${step}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: 'Redirect now' })).toHaveAttribute('href', '/about');
      await expect(dialog.getByLabel('Email')).toHaveCount(0);
    }
  });

  test('closes back to the page it was opened on', async ({ page }) => {
    await page.goto('/about?auth=email');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('with JavaScript its code comes only with a page that opens it, and the modal drawn by the server is live', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'the code split is a JavaScript matter');
    const modalCode: string[] = [];
    page.on('request', (request) => {
      if (/\/build\/.*auth-modal-[^/]*\.js$/.test(request.url())) modalCode.push(request.url());
    });
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(modalCode).toHaveLength(0);

    await page.goto('/about?auth=email');
    const dialog = page.getByRole('dialog');
    // Hydrated with its own code: it takes focus, and Escape closes it in place.
    await expect(dialog.getByLabel('Email')).toBeFocused();
    expect(modalCode).toHaveLength(1);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
