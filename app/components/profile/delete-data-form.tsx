import { Form, useNavigation } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

export const DELETE_ACCOUNT_INTENT = 'delete-account';

/**
 * The form that deletes the shopper's own data (GDPR art. 17): the email typed again and, for an
 * account holder, the password (a guest signed in by an emailed code has none). `idPrefix` keeps its
 * ids apart; the refusal, if any, stands beside the email. Works without JavaScript.
 */
export function DeleteDataForm(props: {
  idPrefix: string;
  labelledBy: string;
  error: string | null;
  withPassword: boolean;
  submit: string;
}) {
  const { idPrefix: id, error } = props;
  const deleting = useNavigation().formData?.get('intent') === DELETE_ACCOUNT_INTENT;
  const { t } = useI18n();
  return (
    <Form method="post" className="your-data__delete" aria-labelledby={props.labelledBy} noValidate>
      <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
      <div className="field">
        <label htmlFor={`${id}-confirm-email`}>{t('data.confirmEmail')}</label>
        <input
          id={`${id}-confirm-email`}
          name="confirm_email"
          type="email"
          autoComplete="off"
          required
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {props.withPassword ? (
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('data.password')}</label>
          <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
        </div>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--danger" disabled={deleting}>
        {deleting ? t('data.deleting') : props.submit}
      </button>
    </Form>
  );
}
