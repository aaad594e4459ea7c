import { getInputProps } from '@conform-to/react';
import { Link } from '@remix-run/react';

import { stripNameCharacters } from '~/forms/auth';
import { useI18n } from '~/lib/i18n';

import type { FieldMeta } from './step-form';
import { type AuthFlowView, stepHref } from './view';

/** Drops characters a name may not hold as they are typed. */
export function stripName(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const cleaned = stripNameCharacters(input.value);
  if (cleaned !== input.value) input.value = cleaned;
}

/** The address the flow is for, with a way back to the first step. */
export function EmailLine({ view }: { view: AuthFlowView }) {
  const { t } = useI18n();
  return (
    <p className="auth-email">
      <span>{view.email}</span>{' '}
      <Link to={stepHref(view.returnTo, 'email')} replace>
        {t('auth.change')}
      </Link>
    </p>
  );
}

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { fm } = useI18n();
  return errors?.length ? (
    <p className="auth-field-error" id={id}>
      {fm(errors[0])}
    </p>
  ) : null;
}

export function Field({
  label,
  field,
  type = 'text',
  autoComplete,
  defaultValue,
  onInput,
}: {
  label: string;
  field: FieldMeta;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  onInput?: (event: React.FormEvent<HTMLInputElement>) => void;
}) {
  const props = getInputProps(field, { type });
  return (
    <div className="auth-field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} defaultValue={props.defaultValue ?? defaultValue} autoComplete={autoComplete} onInput={onInput} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A 6-digit code from an email. */
export function CodeField({ label, field }: { label: string; field: FieldMeta }) {
  const props = getInputProps(field, { type: 'text' });
  return (
    <div className="auth-field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="auth-code" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
