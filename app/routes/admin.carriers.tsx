import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import type { Carrier } from '@contract/api/shipping';
import { TRACKING_NUMBER_PLACEHOLDER } from '@contract/tracking';

import { AdminNotice } from '~/components/admin/admin-notice';
import { carrierFormSchema } from '~/forms/admin-shipping';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { addCarrier, changeCarrier, listCarriers, removeCarrier } from '~/lib/admin/shipping.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminOrders.carriers')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const carriers = await listCarriers(staff);
  const { notice, headers } = await takeNotice(context);
  return json({ carriers, notice, owner: staff.role === 'owner', i18n: await adminI18n(context, 'admin-orders') }, { headers });
}

/** Which form a refusal belongs to: 'new', or the carrier's id. */
type Refusal = { form: string; errors: string[] };

/** Add, change or remove a carrier (an owner; the API refuses staff). Each change is in the audit log. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const id = String(formData.get('id') ?? '');
  const t = await adminTranslator(context, 'admin-orders');
  const refuse = (form: string, errors: string[], status = 400) => json<Refusal>({ form, errors }, { status, headers: ADMIN_HEADERS });
  try {
    if (intent === 'remove') {
      await removeCarrier(staff, id);
      return redirectWithNotice(context, '/admin/carriers', t('adminOrders.carriers.removed'));
    }
    const submission = parseWithZod(formData, { schema: carrierFormSchema });
    const form = intent === 'change' ? id : 'new';
    if (submission.status !== 'success')
      return refuse(
        form,
        Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []),
      );
    const saved = intent === 'change' ? await changeCarrier(staff, id, submission.value) : await addCarrier(staff, submission.value);
    return redirectWithNotice(context, '/admin/carriers', t('adminOrders.carriers.saved', { name: saved.name }));
  } catch (error) {
    return refuse(intent === 'change' || intent === 'remove' ? id : 'new', [adminErrorText(error, staff.locale)], failureStatus(error));
  }
}

function CarrierFields({ prefix, carrier }: { prefix: string; carrier?: Carrier }) {
  const { t } = useI18n();
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-name`}>{t('adminOrders.carriers.name')}</label>
        <input id={`${prefix}-name`} name="name" type="text" required maxLength={60} defaultValue={carrier?.name} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-template`}>{t('adminOrders.carriers.template')}</label>
        <p className="field__hint" id={`${prefix}-template-hint`}>
          {t('adminOrders.carriers.templateHint', { placeholder: TRACKING_NUMBER_PLACEHOLDER })}
        </p>
        <input
          id={`${prefix}-template`}
          name="tracking_url_template"
          type="url"
          required
          maxLength={500}
          defaultValue={carrier?.tracking_url_template}
          aria-describedby={`${prefix}-template-hint`}
        />
      </div>
    </>
  );
}

function Refused({ refusal, form }: { refusal: Refusal | undefined; form: string }) {
  const { fm } = useI18n();
  return refusal?.form === form ? (
    <p className="notice notice--error" role="alert">
      {refusal.errors.map(fm).join(' ')}
    </p>
  ) : null;
}

export default function AdminCarriers() {
  const { carriers, notice, owner } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="carriers-heading">
      <h1 id="carriers-heading">{t('adminOrders.carriers')}</h1>
      <AdminNotice notice={notice} />
      <p>{t('adminOrders.carriers.intro')}</p>
      {owner ? null : <p>{t('adminOrders.carriers.ownerOnly')}</p>}
      <ul>
        {carriers.map((carrier) => (
          <li key={carrier.id}>
            {owner ? (
              <>
                <Form method="post" className="admin-form" aria-label={t('adminOrders.carriers.change', { name: carrier.name })}>
                  <Refused refusal={refusal} form={carrier.id} />
                  <input type="hidden" name="id" value={carrier.id} />
                  <CarrierFields prefix={`carrier-${carrier.id}`} carrier={carrier} />
                  <button type="submit" name="intent" value="change" className="button">
                    {t('adminOrders.carriers.save', { name: carrier.name })}
                  </button>
                </Form>
                <Form method="post" aria-label={t('adminOrders.carriers.remove', { name: carrier.name })}>
                  <input type="hidden" name="id" value={carrier.id} />
                  <button type="submit" name="intent" value="remove" className="button button--danger">
                    {t('adminOrders.carriers.remove', { name: carrier.name })}
                  </button>
                </Form>
              </>
            ) : (
              <>
                <strong>{carrier.name}</strong>: {carrier.tracking_url_template}
              </>
            )}
          </li>
        ))}
      </ul>
      {owner ? (
        <Form method="post" className="admin-form" aria-labelledby="add-carrier-heading">
          <h2 id="add-carrier-heading">{t('adminOrders.carriers.add')}</h2>
          <Refused refusal={refusal} form="new" />
          <CarrierFields prefix="new-carrier" />
          <button type="submit" name="intent" value="add" className="button">
            {t('adminOrders.carriers.addSubmit')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
