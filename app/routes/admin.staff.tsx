import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { staffAddSchema, staffResendSchema } from '~/forms/admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { addStaffMember, listStaff, removeStaffMember, resendStaffCode } from '~/lib/admin/staff.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Staff') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner')
    return json(
      { forbidden: true as const, members: [], notice: null, me: staff.email, removing: null },
      { status: 403, headers: ADMIN_HEADERS },
    );
  const members = await listStaff(staff);
  const { notice, headers } = await takeNotice(context);
  // ?remove=<email> asks to confirm, as a page of its own, so it works without JavaScript.
  const asked = new URL(request.url).searchParams.get('remove');
  const removing = members.find((member) => member.email === asked && member.email !== staff.email) ?? null;
  return json({ forbidden: false as const, members, notice, me: staff.email, removing }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  if (formData.get('intent') === 'remove') {
    const submission = parseWithZod(formData, { schema: staffResendSchema });
    if (submission.status !== 'success') return json({ intent: 'resend' as const, result: submission.reply() }, { status: 400 });
    try {
      const removed = await removeStaffMember(staff, submission.value.email);
      return redirectWithNotice(context, '/admin/staff', ADMIN_MESSAGES.staffRemoved(removed.email));
    } catch (error) {
      return json(
        { intent: 'resend' as const, result: submission.reply({ formErrors: [adminErrorText(error)] }) },
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
        { intent: 'resend' as const, result: submission.reply({ formErrors: [adminErrorText(error)] }) },
        { status: failureStatus(error) },
      );
    }
    return redirectWithNotice(context, '/admin/staff', ADMIN_MESSAGES.codeResent(submission.value.email));
  }
  const submission = parseWithZod(formData, { schema: staffAddSchema });
  if (submission.status !== 'success') return json({ intent: 'add' as const, result: submission.reply() }, { status: 400 });
  try {
    const member = await addStaffMember(staff, { email: submission.value.email, role: submission.value.role });
    return redirectWithNotice(context, '/admin/staff', ADMIN_MESSAGES.staffAdded(member.email, member.role));
  } catch (error) {
    return json(
      { intent: 'add' as const, result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error) },
    );
  }
}

function AddStaffForm() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'add';
  const [form, fields] = useForm({
    id: 'staff-add',
    lastResult: actionData?.intent === 'add' ? actionData.result : undefined,
    constraint: getZodConstraint(staffAddSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffAddSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="staff-add-heading">
      <h2 id="staff-add-heading">Add someone</h2>
      <p>They get an email with a code to choose their password, valid for 10 minutes.</p>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="add" />
      <AdminField field={fields.email} label="Email">
        <input {...getInputProps(fields.email, { type: 'email' })} {...invalidProps(fields.email)} autoComplete="off" />
      </AdminField>
      <AdminField field={fields.role} label="Role">
        <select {...getSelectProps(fields.role)} {...invalidProps(fields.role)}>
          <option value="">Choose a role</option>
          <option value="staff">Staff: orders, fulfilment, notes, stock</option>
          <option value="owner">Owner: everything, including refunds, prices and staff</option>
        </select>
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Adding...' : 'Add to the staff'}
      </button>
    </Form>
  );
}

export default function AdminStaff() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.forbidden) {
    return (
      <section aria-labelledby="staff-heading">
        <h1 id="staff-heading">Staff</h1>
        <p role="alert">{ADMIN_MESSAGES.ownerOnly}</p>
      </section>
    );
  }
  const resendError = actionData?.intent === 'resend' ? actionData.result.error?.[''] : undefined;
  return (
    <section aria-labelledby="staff-heading">
      <h1 id="staff-heading">Staff</h1>
      <AdminNotice notice={data.notice} />
      <FormError id="staff-resend-error" error={resendError?.[0]} />
      {data.removing ? (
        <section className="notice" aria-labelledby="remove-heading">
          <h2 id="remove-heading">Remove {data.removing.email}?</h2>
          <p>
            They will no longer be able to sign in to the back office, and any session they have open ends at once. Their past changes stay
            in the audit log.
          </p>
          <Form method="post" className="admin-form admin-form--inline">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="email" value={data.removing.email} />
            <button type="submit" className="button button--danger">
              Yes, remove {data.removing.email}
            </button>
            <Link to="/admin/staff">Keep them</Link>
          </Form>
        </section>
      ) : null}
      <TableScroll label="Staff">
        <table className="admin-table">
          <caption className="visually-hidden">Everyone who may sign in to the back office</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Password</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.members.map((member) => (
              <tr key={member.id}>
                <td>{member.email}</td>
                <td>{member.role}</td>
                <td>{member.has_password ? 'Chosen' : 'Not chosen yet'}</td>
                <td>{member.created_at.slice(0, 10)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="email" value={member.email} />
                    <button type="submit" className="button button--ghost">
                      Send a new code<span className="visually-hidden"> to {member.email}</span>
                    </button>
                  </Form>
                  {member.email === data.me ? null : (
                    <Link to={`/admin/staff?remove=${encodeURIComponent(member.email)}`}>
                      Remove<span className="visually-hidden"> {member.email}</span>
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
