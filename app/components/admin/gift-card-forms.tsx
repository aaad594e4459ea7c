import { Form } from '@remix-run/react';

/** The owner's forms on /admin/gift-cards: issue a card, put gift cards on sale, set the bonus on returns taken as credit. */
export function GiftCardOwnerForms({ bonus, error }: { bonus: number; error: string | null }) {
  return (
    <>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate>
        <h2>Issue a gift card</h2>
        <input type="hidden" name="intent" value="issue" />
        <label htmlFor="gift-card-amount">Amount (€)</label>
        <input id="gift-card-amount" name="amount" inputMode="decimal" required />
        <label htmlFor="gift-card-expiry">Expires on (optional; no expiry by default)</label>
        <input id="gift-card-expiry" name="expires_on" type="date" />
        <label htmlFor="gift-card-recipient">Email it to (optional; else hand the code over yourself)</label>
        <input id="gift-card-recipient" name="recipient_email" type="email" autoComplete="off" maxLength={254} />
        <button type="submit" className="button">
          Issue gift card
        </button>
      </Form>
      <Form method="post" className="admin-form" noValidate>
        <h2>Sell gift cards</h2>
        <p>Shoppers buy them at /gift-cards, for themselves or for someone, without shipping.</p>
        <input type="hidden" name="intent" value="product" />
        <label htmlFor="gift-product-name">Name</label>
        <input id="gift-product-name" name="name" required maxLength={80} defaultValue="FILO Gift Card" />
        <label htmlFor="gift-product-amounts">Amounts in euros, separated by spaces (e.g. 25 50 100)</label>
        <input id="gift-product-amounts" name="amounts" required defaultValue="25 50 100" />
        <button type="submit" className="button">
          Put on sale
        </button>
      </Form>
      <Form method="post" className="admin-form" noValidate>
        <h2>Bonus on returns refunded as store credit</h2>
        <input type="hidden" name="intent" value="bonus" />
        <label htmlFor="credit-bonus">Bonus (%), 0 to 25</label>
        <input id="credit-bonus" name="percent" type="number" min={0} max={25} defaultValue={bonus} required />
        <button type="submit" className="button">
          Save bonus
        </button>
      </Form>
    </>
  );
}
