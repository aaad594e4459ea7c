import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

import { useI18n } from '~/lib/i18n';

/**
 * A labelled back-office field with its error under it, tied to the input for screen readers. The
 * schemas' messages are English; the error reads in the back office's language (ADR 072).
 */
export function AdminField({
  field,
  label,
  hint,
  children,
}: {
  field: Pick<FieldMetadata<unknown>, 'id' | 'errorId' | 'errors'>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const { fm } = useI18n();
  const error = field.errors?.[0];
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <p id={field.errorId} className="field__error" aria-live="polite">
        {error ? fm(error) : null}
      </p>
    </div>
  );
}

/** What an input needs to say it is invalid and where its error is. */
export function invalidProps(field: Pick<FieldMetadata<unknown>, 'id' | 'errorId' | 'errors'>, options: { hint?: boolean } = {}) {
  const describedBy = [options.hint ? `${field.id}-hint` : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(' ');
  return { 'aria-invalid': field.errors?.length ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** The message of a whole form (the API refused it), announced when it appears. */
export function FormError({ id, error }: { id: string; error?: string }) {
  const { fm } = useI18n();
  return error ? (
    <p className="notice notice--error" role="alert" id={id}>
      {fm(error)}
    </p>
  ) : null;
}
