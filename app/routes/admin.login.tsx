import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { adminLoginSchema, adminSetPasswordSchema } from '~/forms/admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { setStaffPassword, staffSignIn } from '~/lib/admin/sign-in.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { serverTranslator } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { commitStaffSession } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.login.title')) },
  { name: 'robots', content: 'noindex' },
];

/** Notices a redirect to this page may carry (`?done=`), said in the language the page speaks. */
const DONE: Record<'password-set' | 'signed-out' | 'session-ended', MessageKey> = {
  'password-set': 'adminPeople.login.passwordSet',
  'signed-out': 'adminPeople.login.signedOut',
  'session-ended': 'adminPeople.login.sessionEnded',
};

/** Only back-office pages are returned to after signing in. */
function backTo(value: unknown): string {
  const path = safeRedirectPath(value, '/admin');
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') ? path : '/admin';
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await context.staff.session();
  if (session.get('token')) throw redirect(backTo(url.searchParams.get('redirectTo')), { headers: ADMIN_HEADERS });
  const done = url.searchParams.get('done');
  // Nobody is signed in yet: the language is the one chosen with the switcher, else the browser's.
  const locale = await context.staff.locale();
  const t = serverTranslator(locale, 'admin-people');
  return json(
    {
      step: url.searchParams.get('step') === 'code' ? ('code' as const) : ('login' as const),
      email: url.searchParams.get('email')?.slice(0, 254) ?? '',
      redirectTo: url.searchParams.get('redirectTo') ?? '',
      notice: done && Object.hasOwn(DONE, done) ? t(DONE[done as keyof typeof DONE]) : null,
      i18n: await adminI18n(context, 'admin-people'),
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const locale = await context.staff.locale();
  if (intent === 'set-password') {
    const submission = parseWithZod(formData, { schema: adminSetPasswordSchema });
    if (submission.status !== 'success')
      return json({ intent, result: submission.reply({ hideFields: ['password', 'confirm'] }) }, { status: 400 });
    const { email, code, password } = submission.value;
    try {
      await setStaffPassword(context.staff.api(), { email, code, password });
    } catch (error) {
      return json(
        { intent, result: submission.reply({ formErrors: [adminErrorText(error, locale)], hideFields: ['password', 'confirm'] }) },
        { status: failureStatus(error) },
      );
    }
    return redirect(`/admin/login?done=password-set&email=${encodeURIComponent(email)}`, { status: 303 });
  }

  const submission = parseWithZod(formData, { schema: adminLoginSchema });
  if (submission.status !== 'success')
    return json({ intent: 'login', result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  const { email, password, redirectTo } = submission.value;
  let session;
  try {
    session = await staffSignIn(context.staff.api(), { email, password });
  } catch (error) {
    return json(
      { intent: 'login', result: submission.reply({ formErrors: [adminErrorText(error, locale)], hideFields: ['password'] }) },
      { status: failureStatus(error) },
    );
  }
  const staffSession = await context.staff.session();
  staffSession.set('token', session.token);
  staffSession.set('email', session.staff.email);
  staffSession.set('role', session.staff.role);
  staffSession.set('expiresAt', Date.parse(session.expires_at));
  // The member's own language from now on, wherever they chose it (ADR 072).
  staffSession.set('locale', session.staff.locale);
  return redirect(backTo(redirectTo), { status: 303, headers: { 'Set-Cookie': await commitStaffSession(context, staffSession) } });
}

function LoginForm({ email, redirectTo, notice }: { email: string; redirectTo: string; notice: string | null }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: 'admin-login',
    lastResult: actionData?.intent === 'login' ? actionData.result : undefined,
    constraint: getZodConstraint(adminLoginSchema),
    defaultValue: { email, redirectTo },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="admin-login-heading">
      <h1 id="admin-login-heading">{t('adminPeople.login.heading')}</h1>
      <AdminNotice notice={notice} />
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="login" />
      <input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
      <AdminField field={fields.email} label={t('adminPeople.login.email')}>
        <input {...getInputProps(fields.email, { type: 'email' })} {...invalidProps(fields.email)} autoComplete="username" />
      </AdminField>
      <AdminField field={fields.password} label={t('adminPeople.login.password')}>
        <input
          {...getInputProps(fields.password, { type: 'password' })}
          {...invalidProps(fields.password)}
          autoComplete="current-password"
        />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {t(busy ? 'adminPeople.login.signingIn' : 'adminPeople.login.signIn')}
      </button>
      <p>
        <Link to={`/admin/login?step=code${email ? `&email=${encodeURIComponent(email)}` : ''}`}>{t('adminPeople.login.useCode')}</Link>
      </p>
    </Form>
  );
}

function SetPasswordForm({ email }: { email: string }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: 'admin-set-password',
    lastResult: actionData?.intent === 'set-password' ? actionData.result : undefined,
    constraint: getZodConstraint(adminSetPasswordSchema),
    defaultValue: { email },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminSetPasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="admin-code-heading">
      <h1 id="admin-code-heading">{t('adminPeople.login.chooseHeading')}</h1>
      <p>{t('adminPeople.login.chooseText')}</p>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="set-password" />
      <AdminField field={fields.email} label={t('adminPeople.login.email')}>
        <input {...getInputProps(fields.email, { type: 'email' })} {...invalidProps(fields.email)} autoComplete="username" />
      </AdminField>
      <AdminField field={fields.code} label={t('adminPeople.login.code')}>
        <input
          {...getInputProps(fields.code, { type: 'text' })}
          {...invalidProps(fields.code)}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      </AdminField>
      <AdminField field={fields.password} label={t('adminPeople.login.newPassword')} hint={t('adminPeople.login.newPasswordHint')}>
        <input
          {...getInputProps(fields.password, { type: 'password' })}
          {...invalidProps(fields.password, { hint: true })}
          autoComplete="new-password"
        />
      </AdminField>
      <AdminField field={fields.confirm} label={t('adminPeople.login.confirmPassword')}>
        <input {...getInputProps(fields.confirm, { type: 'password' })} {...invalidProps(fields.confirm)} autoComplete="new-password" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {t(busy ? 'adminPeople.privacy.saving' : 'adminPeople.login.setPassword')}
      </button>
      <p>
        <Link to="/admin/login">{t('adminPeople.login.back')}</Link>
      </p>
    </Form>
  );
}

export default function AdminLogin() {
  const { step, email, redirectTo, notice } = useLoaderData<typeof loader>();
  return (
    <section className="admin-login">
      {step === 'code' ? <SetPasswordForm email={email} /> : <LoginForm email={email} redirectTo={redirectTo} notice={notice} />}
    </section>
  );
}
