import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { staffAddSchema, staffResendSchema } from '~/forms/admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { addStaffMember, listStaff, removeStaffMember, resendStaffCode } from '~/lib/admin/staff.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.staff.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const i18n = await adminI18n(context, 'admin-people');
  if (staff.role !== 'owner')
    return json(
      { forbidden: true as const, members: [], notice: null, me: staff.email, removing: null, i18n },
      { status: 403, headers: ADMIN_HEADERS },
    );
  const members = await listStaff(staff);
  const { notice, headers } = await takeNotice(context);
  // ?remove=<email> asks to confirm, as a page of its own, so it works without JavaScript.
  const asked = new URL(request.url).searchParams.get('remove');
  const removing = members.find((member) => member.email === asked && member.email !== staff.email) ?? null;
  return json({ forbidden: false as const, members, notice, me: staff.email, removing, i18n }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const t = await adminTranslator(context, 'admin-people');
  if (formData.get('intent') === 'remove') {
    const submission = parseWithZod(formData, { schema: staffResendSchema });
    if (submission.status !== 'success') return json({ intent: 'resend' as const, result: submission.reply() }, { status: 400 });
    try {
      const removed = await removeStaffMember(staff, submission.value.email);
      return redirectWithNotice(context, '/admin/staff', t('adminPeople.staff.removed', { email: removed.email }));
    } catch (error) {
      return json(
        { intent: 'resend' as const, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
        { status: failureStatus(error) },
      );
    }
  }
  if (formData.get('intent') === 'resend') {
    const submission = parseWithZod(formData, { schema: staffResendSchema });
    if (submission.status !== 'success') return json({ intent: 'resend' as const, result: submission.reply() }, { status: 400 });
    try {
      await resendStaffCode(staff, submission.value.email);
    } catch (error) {
      return json(
        { intent: 'resend' as const, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
        { status: failureStatus(error) },
      );
    }
    return redirectWithNotice(context, '/admin/staff', t('adminPeople.staff.codeResent', { email: submission.value.email }));
  }
  const submission = parseWithZod(formData, { schema: staffAddSchema });
  if (submission.status !== 'success') return json({ intent: 'add' as const, result: submission.reply() }, { status: 400 });
  try {
    const member = await addStaffMember(staff, { email: submission.value.email, role: submission.value.role });
    const role = t(member.role === 'owner' ? 'adminPeople.staff.roleName.owner' : 'adminPeople.staff.roleName.staff');
    return redirectWithNotice(context, '/admin/staff', t('adminPeople.staff.added', { email: member.email, role }));
  } catch (error) {
    return json(
      { intent: 'add' as const, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
      { status: failureStatus(error) },
    );
  }
}

function AddStaffForm() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'add';
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: 'staff-add',
    lastResult: actionData?.intent === 'add' ? actionData.result : undefined,
    constraint: getZodConstraint(staffAddSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffAddSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="staff-add-heading">
      <h2 id="staff-add-heading">{t('adminPeople.staff.addHeading')}</h2>
      <p>{t('adminPeople.staff.addText')}</p>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="add" />
      <AdminField field={fields.email} label={t('adminPeople.staff.email')}>
        <input {...getInputProps(fields.email, { type: 'email' })} {...invalidProps(fields.email)} autoComplete="off" />
      </AdminField>
      <AdminField field={fields.role} label={t('adminPeople.staff.role')}>
        <select {...getSelectProps(fields.role)} {...invalidProps(fields.role)}>
          <option value="">{t('adminPeople.staff.chooseRole')}</option>
          <option value="staff">{t('adminPeople.staff.roleStaff')}</option>
          <option value="owner">{t('adminPeople.staff.roleOwner')}</option>
        </select>
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {t(busy ? 'adminPeople.staff.adding' : 'adminPeople.staff.add')}
      </button>
    </Form>
  );
}

export default function AdminStaff() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useI18n();
  if (data.forbidden) {
    return (
      <section aria-labelledby="staff-heading">
        <h1 id="staff-heading">{t('adminPeople.staff.title')}</h1>
        <p role="alert">{t('adminPeople.staff.ownerOnly')}</p>
      </section>
    );
  }
  const resendError = actionData?.intent === 'resend' ? actionData.result.error?.[''] : undefined;
  return (
    <section aria-labelledby="staff-heading">
      <h1 id="staff-heading">{t('adminPeople.staff.title')}</h1>
      <AdminNotice notice={data.notice} />
      <FormError id="staff-resend-error" error={resendError?.[0]} />
      {data.removing ? (
        <section className="notice" aria-labelledby="remove-heading">
          <h2 id="remove-heading">{t('adminPeople.staff.removeHeading', { email: data.removing.email })}</h2>
          <p>{t('adminPeople.staff.removeText')}</p>
          <Form method="post" className="admin-form admin-form--inline">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="email" value={data.removing.email} />
            <button type="submit" className="button button--danger">
              {t('adminPeople.staff.removeConfirm', { email: data.removing.email })}
            </button>
            <Link to="/admin/staff">{t('adminPeople.staff.keep')}</Link>
          </Form>
        </section>
      ) : null}
      <TableScroll label={t('adminPeople.staff.title')}>
        <table className="admin-table">
          <caption className="visually-hidden">{t('adminPeople.staff.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminPeople.staff.email')}</th>
              <th scope="col">{t('adminPeople.staff.role')}</th>
              <th scope="col">{t('adminPeople.staff.password')}</th>
              <th scope="col">{t('adminPeople.staff.addedOn')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('adminPeople.staff.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.members.map((member) => (
              <tr key={member.id}>
                <td>{member.email}</td>
                <td>{t(member.role === 'owner' ? 'adminPeople.staff.roleName.owner' : 'adminPeople.staff.roleName.staff')}</td>
                <td>{t(member.has_password ? 'adminPeople.staff.chosen' : 'adminPeople.staff.notChosen')}</td>
                <td>{member.created_at.slice(0, 10)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="email" value={member.email} />
                    <button type="submit" className="button button--ghost">
                      {t('adminPeople.staff.sendCode')}
                      <span className="visually-hidden"> {t('adminPeople.staff.sendCodeTo', { email: member.email })}</span>
                    </button>
                  </Form>
                  {member.email === data.me ? null : (
                    <Link to={`/admin/staff?remove=${encodeURIComponent(member.email)}`}>
                      {t('adminPeople.staff.remove')}
                      <span className="visually-hidden"> {member.email}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <AddStaffForm />
    </section>
  );
}
