import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { getZodConstraint } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { shopSettingsFormSchema } from '@contract/api/admin';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { restockFormSchema } from '~/forms/admin';
import { adminErrorText } from '~/lib/admin.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { changeShopSettings, shopSettings } from '~/lib/admin/settings.server';
import { listStock, restock } from '~/lib/admin/stock.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { serverFormMessage, serverTranslator } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.stock.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [rows, settings, i18n] = await Promise.all([listStock(staff), shopSettings(staff), adminI18n(context, 'admin-catalogue')]);
  const { notice, headers } = await takeNotice(context);
  return json({ rows, threshold: settings.low_stock_threshold, owner: staff.role === 'owner', notice, i18n }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const t = serverTranslator(staff.locale, 'admin-catalogue');
  if (formData.get('intent') === 'threshold') {
    const submission = parseWithZod(formData, { schema: shopSettingsFormSchema });
    if (submission.status !== 'success')
      return json({ intent: 'threshold' as const, result: submission.reply(), sku: '', error: null }, { status: 400 });
    try {
      const saved = await changeShopSettings(staff, submission.value);
      return redirectWithNotice(context, '/admin/stock', t('adminCatalogue.stock.thresholdSaved', { count: saved.low_stock_threshold }));
    } catch (error) {
      return json(
        {
          intent: 'threshold' as const,
          result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }),
          sku: '',
          error: null,
        },
        { status: failureStatus(error) },
      );
    }
  }
  const submission = parseWithZod(formData, { schema: restockFormSchema });
  const sku = typeof formData.get('sku') === 'string' ? String(formData.get('sku')) : '';
  if (submission.status !== 'success') {
    const errors = submission.reply().error ?? {};
    const message = errors.quantity?.[0] ?? errors.sku?.[0] ?? 'Enter how many units to add';
    return json({ intent: 'restock' as const, result: null, sku, error: serverFormMessage(staff.locale)(message) }, { status: 400 });
  }
  let notice: string;
  try {
    const done = await restock(staff, submission.value);
    const mailed = done.notified.length;
    const counted = t('adminCatalogue.stock.restocked', {
      sku: done.sku,
      product: done.product_name,
      before: done.previous_quantity,
      after: done.stock_quantity,
    });
    notice = mailed ? `${counted} ${t('adminCatalogue.stock.mailed', { count: mailed })}` : counted;
  } catch (error) {
    return json(
      { intent: 'restock' as const, result: null, sku, error: adminErrorText(error, staff.locale) },
      { status: failureStatus(error) },
    );
  }
  return redirectWithNotice(context, '/admin/stock', notice);
}

/** The owner's threshold for Low; staff see it but cannot change it. */
function ThresholdForm({ threshold }: { threshold: number }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'threshold';
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: 'low-stock-threshold',
    lastResult: actionData?.intent === 'threshold' ? actionData.result : undefined,
    defaultValue: { low_stock_threshold: String(threshold) },
    constraint: getZodConstraint(shopSettingsFormSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shopSettingsFormSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="admin-form admin-form--inline"
      aria-label={t('adminCatalogue.stock.threshold')}
    >
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="threshold" />
      <AdminField field={fields.low_stock_threshold} label={t('adminCatalogue.stock.thresholdField')}>
        <input
          {...getInputProps(fields.low_stock_threshold, { type: 'number' })}
          {...invalidProps(fields.low_stock_threshold)}
          min={0}
          step={1}
          className="admin-quantity"
        />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {t(busy ? 'adminCatalogue.common.saving' : 'adminCatalogue.stock.saveThreshold')}
      </button>
    </Form>
  );
}

export default function AdminStock() {
  const { rows, threshold, owner, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busySku = useNavigation().formData?.get('sku');
  const low = rows.filter((row) => row.stock_quantity <= threshold).length;
  const { t } = useI18n();
  return (
    <section aria-labelledby="stock-heading">
      <h1 id="stock-heading">{t('adminCatalogue.stock.title')}</h1>
      <AdminNotice notice={notice} />
      <p>
        {t(owner ? 'adminCatalogue.stock.summaryOwner' : 'adminCatalogue.stock.summaryStaff', { low, total: rows.length, threshold })}{' '}
        {t('adminCatalogue.stock.restockHint')}
      </p>
      {owner ? <ThresholdForm key={threshold} threshold={threshold} /> : null}
      <TableScroll label={t('adminCatalogue.stock.title')}>
        <table className="admin-table">
          <caption className="visually-hidden">{t('adminCatalogue.stock.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminCatalogue.common.sku')}</th>
              <th scope="col">{t('adminCatalogue.common.product')}</th>
              <th scope="col">{t('adminCatalogue.stock.variant')}</th>
              <th scope="col">{t('adminCatalogue.common.inStock')}</th>
              <th scope="col">{t('adminCatalogue.stock.held')}</th>
              <th scope="col">{t('adminCatalogue.stock.sold30')}</th>
              <th scope="col">{t('adminCatalogue.common.waiting')}</th>
              <th scope="col">{t('adminCatalogue.stock.restock')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isLow = row.stock_quantity <= threshold;
              const error = actionData?.sku === row.sku ? actionData.error : null;
              const inputId = `restock-${row.sku}`;
              return (
                <tr key={row.sku} className={isLow ? 'admin-table__low' : undefined}>
                  <th scope="row">{row.sku}</th>
                  <td>{row.product_name}</td>
                  <td>{row.description}</td>
                  <td>
                    {row.stock_quantity}
                    {isLow ? (
                      <strong className="admin-badge">
                        {t(row.stock_quantity === 0 ? 'adminCatalogue.stock.soldOut' : 'adminCatalogue.stock.low')}
                      </strong>
                    ) : null}
                  </td>
                  <td>{row.reserved}</td>
                  <td>{row.sold_30_days}</td>
                  <td>{row.waiting}</td>
                  <td>
                    <Form method="post" className="admin-inline-form" noValidate>
                      <input type="hidden" name="sku" value={row.sku} />
                      <label htmlFor={inputId} className="visually-hidden">
                        {t('adminCatalogue.stock.unitsFor', { sku: row.sku })}
                      </label>
                      <input
                        id={inputId}
                        name="quantity"
                        type="number"
                        min={1}
                        max={100000}
                        step={1}
                        required
                        inputMode="numeric"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${inputId}-error` : undefined}
                      />
                      <button type="submit" className="button button--small" disabled={busySku === row.sku}>
                        {t('adminCatalogue.stock.add')}
                        <span className="visually-hidden"> {t('adminCatalogue.stock.addTo', { sku: row.sku })}</span>
                      </button>
                      {error ? (
                        <p id={`${inputId}-error`} className="field__error" role="alert">
                          {error}
                        </p>
                      ) : null}
                    </Form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
