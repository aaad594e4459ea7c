import { useI18n } from '~/lib/i18n';

/**
 * Packing slips for the orders ticked in the table below, or for every paid order not yet shipped
 * (issue 42). A plain form, not Remix's: the answer is a PDF the browser saves, with or without
 * JavaScript, and the page stays where it is.
 */
export function PackingSlipsForm({ id, filters }: { id: string; filters: string }) {
  const { t } = useI18n();
  return (
    <form
      id={id}
      method="post"
      action={`/admin/orders/packing-slips${filters ? `?${filters}` : ''}`}
      className="admin-form"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`}>{t('adminOrders.slips.heading')}</h2>
      <p id={`${id}-hint`}>{t('adminOrders.slips.hint')}</p>
      <button type="submit" name="scope" value="selected" className="button" aria-describedby={`${id}-hint`}>
        {t('adminOrders.slips.selected')}
      </button>{' '}
      <button type="submit" name="scope" value="all" className="button">
        {t('adminOrders.slips.all')}
      </button>
    </form>
  );
}
