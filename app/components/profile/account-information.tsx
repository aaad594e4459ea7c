import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { SerializeFrom } from '@remix-run/node';
import { Link, useActionData, useFetcher } from '@remix-run/react';
import type { FormEvent } from 'react';

import type { Profile } from '@contract/api/profile';

import { PROFILE_STRIPPERS, type ProfileField, profileSchema } from '~/forms/profile';
import { formatLongDate } from '~/lib/dates';
import { localizedPath, useI18n } from '~/lib/i18n';

/** `?edit=1` shows the edit form: edit mode is URL state, so it works without JavaScript. */
export const PROFILE_EDIT_PARAM = 'edit';
const EDIT_HREF = `/profile?${PROFILE_EDIT_PARAM}=1`;

type ProfileView = SerializeFrom<Profile>;

/** Account Information (docs/product.md#profile): the shopper's details, or the form that edits them. */
export function AccountInformation({ profile, editing }: { profile: ProfileView; editing: boolean }) {
  const { locale, t } = useI18n();
  return (
    <section className="profile-panel account-information" aria-labelledby="account-information-heading">
      <div className="profile-panel__header">
        <h2 id="account-information-heading">{t('profile.accountInformation')}</h2>
        {editing ? null : (
          <Link to={localizedPath(EDIT_HREF, locale)} className="button button--ghost button--small" preventScrollReset>
            {t('profile.edit')}
          </Link>
        )}
      </div>
      {editing ? <ProfileForm profile={profile} /> : <ProfileFacts profile={profile} />}
    </section>
  );
}

function ProfileFacts({ profile }: { profile: ProfileView }) {
  const { locale, t } = useI18n();
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const since = formatLongDate(profile.member_since, locale);
  const facts: [string, string][] = [
    [t('profile.name'), name],
    [t('profile.email'), profile.email],
    [t('profile.phone'), profile.phone ?? ''],
    [t('profile.address'), profile.address ?? ''],
    [t('profile.memberSince'), since],
  ];
  return (
    <dl className="profile-facts" data-testid="account-information">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="profile-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Names and the phone lose characters they may not hold as the shopper types (runs before Conform sees the input). */
function stripAsTyped(event: FormEvent<HTMLFormElement>) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  const strip = PROFILE_STRIPPERS[input.name as ProfileField];
  if (!strip) return;
  const cleaned = strip(input.value);
  if (cleaned === input.value) return;
  const caret = Math.max(0, (input.selectionStart ?? input.value.length) - (input.value.length - cleaned.length));
  input.value = cleaned;
  input.setSelectionRange(caret, caret);
}

/**
 * Save Changes posts the form (a plain post without JavaScript, a fetcher with it); the action
 * redirects to the profile on success. Cancel is a link back to the profile: the form is dropped,
 * and the next edit starts from the saved values.
 */
function ProfileForm({ profile }: { profile: ProfileView }) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: 'profile-form',
    lastResult: fetcher.data?.result ?? actionData?.result,
    constraint: getZodConstraint(profileSchema),
    defaultValue: {
      first_name: profile.first_name ?? '',
      last_name: profile.last_name ?? '',
      phone: profile.phone ?? '',
      address: profile.address ?? '',
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const busy = fetcher.state !== 'idle';
  const { locale, t, fm } = useI18n();
  return (
    <fetcher.Form
      method="post"
      action={localizedPath(EDIT_HREF, locale)}
      {...getFormProps(form)}
      noValidate
      onInputCapture={stripAsTyped}
      className="profile-form"
      aria-busy={busy}
    >
      {form.errors?.length ? (
        <p className="notice notice--error" role="alert" id={form.errorId}>
          {fm(form.errors[0])}
        </p>
      ) : null}
      <div className="field-row">
        <Field field={fields.first_name} label={t('profile.firstName')} autoComplete="given-name" />
        <Field field={fields.last_name} label={t('profile.lastName')} autoComplete="family-name" />
      </div>
      <Field field={fields.phone} label={t('profile.phone')} type="tel" autoComplete="tel" />
      <Field field={fields.address} label={t('profile.address')} autoComplete="street-address" />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {t('profile.saveChanges')}
        </button>
        <Link to={localizedPath('/profile', locale)} className="button button--ghost" preventScrollReset>
          {t('profile.cancel')}
        </Link>
      </div>
    </fetcher.Form>
  );
}

function Field({
  field,
  label,
  type = 'text',
  autoComplete,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: 'text' | 'tel';
  autoComplete: string;
}) {
  const { fm } = useI18n();
  const error = field.errors?.[0];
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} />
      <p id={field.errorId} className="field__error" aria-live="polite">
        {error ? fm(error) : error}
      </p>
    </div>
  );
}
