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
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { changeReminderSettings, productDemand, reminderReport } from '~/lib/admin/reminders.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.reminders.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [report, demand, i18n] = await Promise.all([reminderReport(staff), productDemand(staff), adminI18n(context, 'admin-people')]);
  const { notice, headers } = await takeNotice(context);
  return json({ report, demand, owner: staff.role === 'owner', notice, i18n }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** An owner sets the reminders; the API checks them again, and audits the change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: reminderSettingsFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await changeReminderSettings(staff, submission.value);
  } catch (error) {
    return json({ result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) }, { status: failureStatus(error) });
  }
  const t = await adminTranslator(context, 'admin-people');
  return redirectWithNotice(context, '/admin/reminders', t('adminPeople.reminders.saved'));
}

function SettingsForm({ settings }: { settings: ReminderReport['settings'] }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
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
          <input {...getInputProps(fields.enabled, { type: 'checkbox' })} /> {t('adminPeople.reminders.enabled')}
        </label>
      </div>
      <AdminField field={fields.first_hours} label={t('adminPeople.reminders.firstHours')} hint={t('adminPeople.reminders.firstHoursHint')}>
        <input {...getInputProps(fields.first_hours, { type: 'number' })} {...invalidProps(fields.first_hours, { hint: true })} step={1} />
      </AdminField>
      <AdminField
        field={fields.followup_hours}
        label={t('adminPeople.reminders.followupHours')}
        hint={t('adminPeople.reminders.followupHoursHint')}
      >
        <input
          {...getInputProps(fields.followup_hours, { type: 'number' })}
          {...invalidProps(fields.followup_hours, { hint: true })}
          step={1}
        />
      </AdminField>
      <AdminField field={fields.subject_en} label={t('adminPeople.reminders.subjectEn')}>
        <input {...getInputProps(fields.subject_en, { type: 'text' })} {...invalidProps(fields.subject_en)} />
      </AdminField>
      <AdminField field={fields.subject_it} label={t('adminPeople.reminders.subjectIt')}>
        <input {...getInputProps(fields.subject_it, { type: 'text' })} {...invalidProps(fields.subject_it)} lang="it" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {t(busy ? 'adminPeople.privacy.saving' : 'adminPeople.reminders.save')}
      </button>
    </Form>
  );
}

function WeeksTable({ weeks }: { weeks: ReminderReport['weeks'] }) {
  const { locale, t } = useI18n();
  if (!weeks.length) return <p>{t('adminPeople.reminders.noWeeks')}</p>;
  return (
    <TableScroll label={t('adminPeople.reminders.perWeek')}>
      <table className="admin-table">
        <caption>{t('adminPeople.reminders.perWeekCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminPeople.reminders.weekOf')}</th>
            <th scope="col">{t('adminPeople.reminders.sent')}</th>
            <th scope="col">{t('adminPeople.reminders.opened')}</th>
            <th scope="col">{t('adminPeople.reminders.recovered')}</th>
            <th scope="col">{t('adminPeople.reminders.revenue')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{week.week}</th>
              <td>{week.sent}</td>
              <td>{week.opened}</td>
              <td>{week.recovered}</td>
              <td>{formatEuro(week.revenue, locale)}</td>
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
  const { t } = useI18n();
  return (
    <section aria-labelledby="reminders-heading">
      <h1 id="reminders-heading">{t('adminPeople.reminders.title')}</h1>
      <AdminNotice notice={notice} />
      <p>{t('adminPeople.reminders.intro')}</p>
      <h2 id="reminder-settings-heading">{t('adminPeople.reminders.settings')}</h2>
      {owner ? (
        <SettingsForm settings={settings} />
      ) : (
        <dl className="admin-facts">
          <dt>{t('adminPeople.reminders.reminders')}</dt>
          <dd>{t(settings.enabled ? 'adminPeople.reminders.on' : 'adminPeople.reminders.off')}</dd>
          <dt>{t('adminPeople.reminders.first')}</dt>
          <dd>{t('adminPeople.reminders.hoursAfter', { hours: settings.first_hours })}</dd>
          <dt>{t('adminPeople.reminders.followup')}</dt>
          <dd>{t('adminPeople.reminders.hoursAfter', { hours: settings.followup_hours })}</dd>
          <dt>{t('adminPeople.reminders.subjects')}</dt>
          <dd>
            {settings.subject_en} / <span lang="it">{settings.subject_it}</span>
          </dd>
        </dl>
      )}
      <h2 id="reminder-weeks-heading">{t('adminPeople.reminders.whatTheyDid')}</h2>
      <WeeksTable weeks={report.weeks} />
      <h2 id="demand-heading">{t('adminPeople.demand.label')}</h2>
      <DemandTable demand={demand} abandonedHours={settings.first_hours} />
    </section>
  );
}
