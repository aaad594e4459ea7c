import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useFetcher } from '@remix-run/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import type { ZodTypeAny } from 'zod';

import { useI18n } from '~/lib/i18n';

import { useCooldown } from './countdown';
import type { AuthFlowView } from './view';

export type FieldMeta = ReturnType<typeof useForm<Record<string, unknown>>>[1][string];

/** A step's form: posts to /auth with the step's intent; Conform checks it in the browser first. */
export function StepForm({
  view,
  intent,
  schema,
  submit,
  children,
}: {
  view: AuthFlowView;
  intent: string;
  schema: ZodTypeAny | null;
  submit: string | null;
  children: (fields: Record<string, FieldMeta>, busy: boolean) => React.ReactNode;
}) {
  const fetcher = useFetcher();
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `auth-${view.step}`,
    lastResult: view.lastResult,
    constraint: schema ? getZodConstraint(schema) : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: schema ? ({ formData }) => parseWithZod(formData, { schema }) : undefined,
  });
  const busy = fetcher.state !== 'idle';
  const { fm } = useI18n();
  return (
    <fetcher.Form method="post" action="/auth" {...getFormProps(form)} className="auth-form" aria-busy={busy}>
      <HoneypotInputs />
      <input type="hidden" name="returnTo" value={view.returnTo} />
      <input type="hidden" name="context" value={view.context} />
      {form.errors?.length ? (
        <div className="auth-error" role="alert" id={form.errorId}>
          {fm(form.errors[0])}
        </div>
      ) : null}
      {children(fields as Record<string, FieldMeta>, busy)}
      {submit ? (
        <button type="submit" name="intent" value={intent} className="button auth-submit" disabled={busy}>
          {submit}
        </button>
      ) : null}
    </fetcher.Form>
  );
}

/** Sends a code again, once its cooldown has run out. */
export function ResendForm({ view, intent }: { view: AuthFlowView; intent: 'resend-code' | 'resend-reset' }) {
  const fetcher = useFetcher();
  const left = useCooldown(view.resendIn);
  const { t } = useI18n();
  return (
    <fetcher.Form method="post" action="/auth" className="auth-resend">
      <HoneypotInputs />
      <input type="hidden" name="returnTo" value={view.returnTo} />
      <input type="hidden" name="context" value={view.context} />
      <button type="submit" name="intent" value={intent} className="link-button" disabled={left > 0 || fetcher.state !== 'idle'}>
        {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.resendCode')}
      </button>
    </fetcher.Form>
  );
}
