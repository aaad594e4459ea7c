import { Form, useNavigation } from '@remix-run/react';

export const DELETE_ACCOUNT_INTENT = 'delete-account';

/**
 * Your data (GDPR art. 15, 17 and 20): the file of everything the shop holds about the shopper, and
 * the account's deletion, asked for with the email typed again and the password. Both work as plain
 * links and forms, without JavaScript.
 */
export function YourData({ error }: { error: string | null }) {
  const deleting = useNavigation().formData?.get('intent') === DELETE_ACCOUNT_INTENT;
  return (
    <section className="profile-panel your-data" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <p>Everything we hold about you (account, orders, requests, cards, messages and the emails we sent you), in one file.</p>
      <a className="button button--ghost" href="/profile/data" download>
        Download my data
      </a>
      <h3 id="delete-account-heading">Delete account</h3>
      <p>
        Your account, cart, requests and cards are deleted at once and you are signed out. Orders stay for tax, without your name or
        address. An order still on its way, a refund under way or an open return must finish first.
      </p>
      <Form method="post" className="your-data__delete" aria-labelledby="delete-account-heading" noValidate>
        <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
        <div className="field">
          <label htmlFor="delete-confirm-email">Type your email to confirm</label>
          <input
            id="delete-confirm-email"
            name="confirm_email"
            type="email"
            autoComplete="off"
            required
            aria-describedby={error ? 'delete-account-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="delete-password">Password</label>
          <input id="delete-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        {error ? (
          <p className="field__error" id="delete-account-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--danger" disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete account'}
        </button>
      </Form>
    </section>
  );
}
