import { Form } from '@remix-run/react';

export const ERASE_INTENT = 'erase';

/**
 * The owner answers a customer's data request (GDPR art. 15, 17 and 20): the same file the customer
 * can download themselves, and their erasure, confirmed by typing their email. Plain link and form,
 * so both work without JavaScript. Shown to owners only; the API refuses staff anyway.
 */
export function CustomerPrivacy({
  customerId,
  erased,
  error,
  busy,
}: {
  customerId: string;
  erased: boolean;
  error: string | null;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="customer-privacy-heading">
      <h2 id="customer-privacy-heading">Privacy requests</h2>
      <p>
        <a className="button button--ghost" href={`/admin/customers/${customerId}/data`} download>
          Export data
        </a>
      </p>
      {erased ? (
        <p>This customer has been erased: their orders are kept for tax without their name or address.</p>
      ) : (
        <>
          <h3 id="erase-customer-heading">Erase customer</h3>
          <p>
            At the customer&apos;s request only. Their account, cart, requests, cards, messages and notes are deleted and they are signed
            out. Orders stay for tax, without their name or address. An order on its way, a refund under way or an open return must finish
            first.
          </p>
          <Form method="post" className="admin-form" aria-labelledby="erase-customer-heading" noValidate>
            <input type="hidden" name="intent" value={ERASE_INTENT} />
            <div className="field">
              <label htmlFor="erase-confirm-email">Type the customer&apos;s email to confirm</label>
              <input
                id="erase-confirm-email"
                name="confirm_email"
                type="email"
                autoComplete="off"
                required
                aria-describedby={error ? 'erase-customer-error' : undefined}
                aria-invalid={error ? true : undefined}
              />
            </div>
            {error ? (
              <p className="field__error" id="erase-customer-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button--danger" disabled={busy}>
              {busy ? 'Erasing...' : 'Erase customer'}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
