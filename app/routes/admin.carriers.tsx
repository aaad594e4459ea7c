import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import type { Carrier } from '@contract/api/shipping';
import { TRACKING_NUMBER_PLACEHOLDER } from '@contract/tracking';

import { AdminNotice } from '~/components/admin/admin-notice';
import { carrierFormSchema } from '~/forms/admin-shipping';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { addCarrier, changeCarrier, listCarriers, removeCarrier } from '~/lib/admin/shipping.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Carriers') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const carriers = await listCarriers(staff);
  const { notice, headers } = await takeNotice(context);
  return json({ carriers, notice, owner: staff.role === 'owner' }, { headers });
}

/** Which form a refusal belongs to: 'new', or the carrier's id. */
type Refusal = { form: string; errors: string[] };

/** Add, change or remove a carrier (an owner; the API refuses staff). Each change is in the audit log. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const id = String(formData.get('id') ?? '');
  const refuse = (form: string, errors: string[], status = 400) => json<Refusal>({ form, errors }, { status, headers: ADMIN_HEADERS });
  try {
    if (intent === 'remove') {
      await removeCarrier(staff, id);
      return redirectWithNotice(context, '/admin/carriers', 'The carrier is removed. Orders already shipped with it keep their link.');
    }
    const submission = parseWithZod(formData, { schema: carrierFormSchema });
    const form = intent === 'change' ? id : 'new';
    if (submission.status !== 'success')
      return refuse(
        form,
        Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []),
      );
    const saved = intent === 'change' ? await changeCarrier(staff, id, submission.value) : await addCarrier(staff, submission.value);
    return redirectWithNotice(context, '/admin/carriers', `${saved.name} is saved.`);
  } catch (error) {
    return refuse(intent === 'change' || intent === 'remove' ? id : 'new', [adminErrorText(error)], failureStatus(error));
  }
}

const templateHint = `The carrier's tracking page, with ${TRACKING_NUMBER_PLACEHOLDER} where the tracking number goes.`;

function CarrierFields({ prefix, carrier }: { prefix: string; carrier?: Carrier }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-name`}>Name</label>
        <input id={`${prefix}-name`} name="name" type="text" required maxLength={60} defaultValue={carrier?.name} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-template`}>Tracking page address</label>
        <p className="field__hint" id={`${prefix}-template-hint`}>
          {templateHint}
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
  return refusal?.form === form ? (
    <p className="notice notice--error" role="alert">
      {refusal.errors.join(' ')}
    </p>
  ) : null;
}

export default function AdminCarriers() {
  const { carriers, notice, owner } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <section aria-labelledby="carriers-heading">
      <h1 id="carriers-heading">Carriers</h1>
      <AdminNotice notice={notice} />
      <p>The carriers offered when an order is shipped, and the tracking link each buyer is emailed.</p>
      {owner ? null : <p>Only an owner can change the carriers.</p>}
      <ul>
        {carriers.map((carrier) => (
          <li key={carrier.id}>
            {owner ? (
              <>
                <Form method="post" className="admin-form" aria-label={`Change ${carrier.name}`}>
                  <Refused refusal={refusal} form={carrier.id} />
                  <input type="hidden" name="id" value={carrier.id} />
                  <CarrierFields prefix={`carrier-${carrier.id}`} carrier={carrier} />
                  <button type="submit" name="intent" value="change" className="button">
                    Save {carrier.name}
                  </button>
                </Form>
                <Form method="post" aria-label={`Remove ${carrier.name}`}>
                  <input type="hidden" name="id" value={carrier.id} />
                  <button type="submit" name="intent" value="remove" className="button button--danger">
                    Remove {carrier.name}
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
          <h2 id="add-carrier-heading">Add a carrier</h2>
          <Refused refusal={refusal} form="new" />
          <CarrierFields prefix="new-carrier" />
          <button type="submit" name="intent" value="add" className="button">
            Add the carrier
          </button>
        </Form>
      ) : null}
    </section>
  );
}
