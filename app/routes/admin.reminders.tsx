import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { type ReminderReport, reminderSettingsFormSchema } from '@contract/api/insights';
import { formatEuro } from '@contract/money';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { DemandTable } from '~/components/admin/demand-table';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { changeReminderSettings, productDemand, reminderReport } from '~/lib/admin/reminders.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Reminders and demand') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [report, demand] = await Promise.all([reminderReport(staff), productDemand(staff)]);
  const { notice, headers } = await takeNotice(context);
  return json({ report, demand, owner: staff.role === 'owner', notice }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** An owner sets the reminders; the API checks them again, and audits the change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: reminderSettingsFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await changeReminderSettings(staff, submission.value);
  } catch (error) {
    return json({ result: submission.reply({ formErrors: [adminErrorText(error)] }) }, { status: failureStatus(error) });
  }
  return redirectWithNotice(context, '/admin/reminders', 'The reminder settings are saved.');
}

function SettingsForm({ settings }: { settings: ReminderReport['settings'] }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'reminder-settings',
    lastResult: actionData?.result,
    constraint: getZodConstraint(reminderSettingsFormSchema),
    shouldValidate: 'onSubmit',
    defaultValue: {
      enabled: settings.enabled ? 'on' : '',
      first_hours: String(settings.first_hours),
      followup_hours: String(settings.followup_hours),
      subject_en: settings.subject_en,
      subject_it: settings.subject_it,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reminderSettingsFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="reminder-settings-heading">
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <div className="field">
        <label htmlFor={fields.enabled.id}>
          <input {...getInputProps(fields.enabled, { type: 'checkbox' })} /> Send abandoned-cart reminders
        </label>
      </div>
      <AdminField
        field={fields.first_hours}
        label="First reminder after (hours)"
        hint="From 1 to 168 hours after the cart was last changed."
      >
        <input {...getInputProps(fields.first_hours, { type: 'number' })} {...invalidProps(fields.first_hours, { hint: true })} step={1} />
      </AdminField>
      <AdminField field={fields.followup_hours} label="Follow-up after (hours)" hint="From 2 to 720 hours, later than the first.">
        <input
          {...getInputProps(fields.followup_hours, { type: 'number' })}
          {...invalidProps(fields.followup_hours, { hint: true })}
          step={1}
        />
      </AdminField>
      <AdminField field={fields.subject_en} label="Subject line (English)">
        <input {...getInputProps(fields.subject_en, { type: 'text' })} {...invalidProps(fields.subject_en)} />
      </AdminField>
      <AdminField field={fields.subject_it} label="Subject line (Italian)">
        <input {...getInputProps(fields.subject_it, { type: 'text' })} {...invalidProps(fields.subject_it)} lang="it" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Save reminder settings'}
      </button>
    </Form>
  );
}

function WeeksTable({ weeks }: { weeks: ReminderReport['weeks'] }) {
  if (!weeks.length) return <p>No reminders sent in the last 12 weeks.</p>;
  return (
    <TableScroll label="Reminders per week">
      <table className="admin-table">
        <caption>Per week (from Monday, Italian time) of sending: reminders sent, links opened, orders recovered and their revenue</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Reminders sent</th>
            <th scope="col">Links opened</th>
            <th scope="col">Orders recovered</th>
            <th scope="col">Recovered revenue</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{week.week}</th>
              <td>{week.sent}</td>
              <td>{week.opened}</td>
              <td>{week.recovered}</td>
              <td>{formatEuro(week.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export default function AdminReminders() {
  const { report, demand, owner, notice } = useLoaderData<typeof loader>();
  const { settings } = report;
  return (
    <section aria-labelledby="reminders-heading">
      <h1 id="reminders-heading">Reminders and demand</h1>
      <AdminNotice notice={notice} />
      <p>
        A shopper who opted in to marketing emails (and confirmed it) and left a cart gets one reminder, and at most one follow-up, with a
        link that puts the cart back on any device for 7 days. Never for a cart emptied, paid or all sold out.
      </p>
      <h2 id="reminder-settings-heading">Settings</h2>
      {owner ? (
        <SettingsForm settings={settings} />
      ) : (
        <dl className="admin-facts">
          <dt>Reminders</dt>
          <dd>{settings.enabled ? 'On' : 'Off'}</dd>
          <dt>First reminder</dt>
          <dd>{settings.first_hours} hours after the last change</dd>
          <dt>Follow-up</dt>
          <dd>{settings.followup_hours} hours after the last change</dd>
          <dt>Subject lines</dt>
          <dd>
            {settings.subject_en} / <span lang="it">{settings.subject_it}</span>
          </dd>
        </dl>
      )}
      <h2 id="reminder-weeks-heading">What the reminders did</h2>
      <WeeksTable weeks={report.weeks} />
      <h2 id="demand-heading">Demand per variant</h2>
      <DemandTable demand={demand} abandonedHours={settings.first_hours} />
    </section>
  );
}
