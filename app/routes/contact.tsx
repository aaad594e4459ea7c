import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from 'react';
import Markdown from 'react-markdown';
import { HoneypotInputs } from 'remix-utils/honeypot/react';

import { BRAND } from '@contract/brand';
import { CONTACT_REASONS, type ContactReason } from '@contract/contact';

import { SocialLinks } from '~/components/social-links';
import { contactSchema, reasonFromQuery } from '~/forms/contact';
import { failureStatus } from '~/lib/api.server';
import { contactErrorText, submitContactMessage } from '~/lib/contact.server';
import { readFormData } from '~/lib/form-data.server';
import { checkHoneypot } from '~/lib/honeypot.server';
import { localizedPath, type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { redirectWithFlash, takeFlash } from '~/lib/session.server';
import { shopPageTexts } from '~/lib/shop-pages.server';
import { CONTACT_SUCCESS_MS } from '~/lib/site-rules';

export const handle: NavigationHandle = { pageTitle: 'Contact' };

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => {
  const { t } = metaTranslator(location, matches, data);
  return [
    { title: pageTitle(t('title.contact')) },
    ...(data?.page.description ? [{ name: 'description', content: data.page.description }] : []),
  ];
};

/** The reasons' words in the catalogues, in the order the form offers them. */
const REASON_KEYS: Record<ContactReason, MessageKey> = {
  general: 'contact.reason.general',
  order: 'contact.reason.order',
  collaboration: 'contact.reason.collaboration',
  press: 'contact.reason.press',
  wholesale: 'contact.reason.wholesale',
  'customer-service': 'contact.reason.customerService',
  other: 'contact.reason.other',
};

/** Marks a submission sent by script (JavaScript on), which stays on the page instead of redirecting. */
const IN_PLACE = 'in-place';

/** The form's reason from the address, the thank-you after a post, and the words, address and hours the owner published (ADR 073). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ flash, headers }, { texts }] = await Promise.all([
    takeFlash(context),
    shopPageTexts(context.visitorApi, 'contact', context.locale),
  ]);
  const reason = reasonFromQuery(new URL(request.url).searchParams.get('reason')) ?? null;
  return json(
    {
      reason,
      thankYou: flash?.kind === 'success' ? flash.message : null,
      page: texts,
      i18n: i18nData(context, 'contact', 'forms'),
    },
    { headers: { ...headers, 'Cache-Control': 'private, no-store' } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== 'success') {
    return json({ result: submission.reply(), sent: false }, { status: 400 });
  }
  try {
    await submitContactMessage(context, submission.value);
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [contactErrorText(error, context.locale)] }), sent: false },
      { status: failureStatus(error) },
    );
  }
  if (formData.get('delivery') === IN_PLACE) return json({ result: submission.reply(), sent: true });
  // Post/Redirect/Get: the thank-you shows on the fresh page.
  return redirectWithFlash(context, localizedPath('/contact', context.locale), {
    kind: 'success',
    message: serverTranslator(context.locale, 'contact')('contact.thankYou'),
  });
}

function Field({ field, label, children }: { field: FieldMetadata<string>; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {children}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  const { fm } = useI18n();
  return (
    <p id={id} className="field__error" aria-live="polite">
      {error ? fm(error) : error}
    </p>
  );
}

/**
 * After a message sent in place: the thank-you for CONTACT_SUCCESS_MS, then the form empty again.
 * One timer per answer from the server (Conform's reset is the same function on every render).
 */
function useThanksThenReset(answer: object | undefined, resetForm: () => void) {
  const [showThanks, setShowThanks] = useState(false);
  useEffect(() => {
    if (!answer) return;
    setShowThanks(true);
    const timer = window.setTimeout(() => {
      setShowThanks(false);
      resetForm();
    }, CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [answer, resetForm]);
  return showThanks;
}

function ContactForm({ initialReason, thankYou }: { initialReason: string | null; thankYou: string | null }) {
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the answer comes to the fetcher; without it, the post rendered this page.
  const actionData = useActionData<typeof action>();
  const reply = fetcher.data ?? actionData;
  const { t, fm } = useI18n();
  // Fields edited since the last submit attempt hide their error (docs/product.md#contact).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const [form, fields] = useForm({
    id: 'contact-form',
    lastResult: reply?.result,
    constraint: getZodConstraint(contactSchema),
    defaultValue: { reason: initialReason ?? '' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });

  const showThanks = useThanksThenReset(fetcher.data?.sent === true ? fetcher.data : undefined, form.reset);

  const sending = fetcher.state !== 'idle';
  const errorOf = (field: FieldMetadata<string>) => (edited.has(field.name) ? undefined : field.errors?.[0]);
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setEdited(new Set());
    formProps.onSubmit(event);
    if (event.defaultPrevented) return; // invalid: Conform shows the errors
    // This handler runs only with JavaScript, so the answer can come back in place.
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set('delivery', IN_PLACE);
    fetcher.submit(data, { method: 'post' });
  };
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
  };
  const invalid = (field: FieldMetadata<string>) => ({
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': field.errorId,
  });

  const thanks = showThanks ? t('contact.thankYou') : thankYou;
  const formError = form.errors?.[0];

  return (
    <fetcher.Form
      method="post"
      {...formProps}
      noValidate
      onSubmit={onSubmit}
      onInput={onInput}
      className="contact-form"
      aria-labelledby="form-heading"
    >
      <h2 id="form-heading">{t('contact.formHeading')}</h2>
      <div role="status" className="contact-form__status">
        {thanks ? <p className="notice notice--success">{thanks}</p> : null}
      </div>
      {formError ? (
        <p className="notice notice--error" role="alert" id={form.errorId}>
          {fm(formError)}
        </p>
      ) : null}
      <HoneypotInputs label={t('contact.honeypot')} />
      <fieldset disabled={sending || showThanks} className="contact-form__fields">
        <legend className="visually-hidden">{t('contact.yourMessage')}</legend>
        <div className="field-row">
          <Field field={fields.name} label={t('contact.name')}>
            <input {...getInputProps(fields.name, { type: 'text' })} {...invalid(fields.name)} autoComplete="name" />
            <FieldError id={fields.name.errorId} error={errorOf(fields.name)} />
          </Field>
          <Field field={fields.email} label={t('contact.email')}>
            <input {...getInputProps(fields.email, { type: 'email' })} {...invalid(fields.email)} autoComplete="email" />
            <FieldError id={fields.email.errorId} error={errorOf(fields.email)} />
          </Field>
        </div>
        <Field field={fields.reason} label={t('contact.reason')}>
          <select {...getSelectProps(fields.reason)} {...invalid(fields.reason)}>
            <option value="">{t('contact.selectReason')}</option>
            {CONTACT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(REASON_KEYS[reason])}
              </option>
            ))}
          </select>
          <FieldError id={fields.reason.errorId} error={errorOf(fields.reason)} />
        </Field>
        <Field field={fields.subject} label={t('contact.subject')}>
          <input {...getInputProps(fields.subject, { type: 'text' })} {...invalid(fields.subject)} />
          <FieldError id={fields.subject.errorId} error={errorOf(fields.subject)} />
        </Field>
        <Field field={fields.message} label={t('contact.message')}>
          <textarea {...getTextareaProps(fields.message)} {...invalid(fields.message)} rows={7} />
          <FieldError id={fields.message.errorId} error={errorOf(fields.message)} />
        </Field>
        <button type="submit" className="button">
          {sending ? t('contact.sending') : t('contact.send')}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}

/** The lead is the owner's Markdown; its paragraphs keep the lead's look. */
const LEAD = { p: ({ children }: { children?: ReactNode }) => <p className="lead">{children}</p> };

export default function Contact() {
  const { reason, thankYou, page } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  const address = page.contact?.address ?? [];
  return (
    <div className="contact">
      <header className="contact__intro">
        <h1 className="page-title">{page.title}</h1>
        <Markdown skipHtml components={LEAD}>
          {page.markdown}
        </Markdown>
      </header>
      <div className="contact__layout">
        <ContactForm initialReason={reason} thankYou={thankYou} />
        <aside className="contact__info" aria-labelledby="info-heading">
          <h2 id="info-heading">{t('contact.companyInfo')}</h2>
          <h3>{t('contact.studio')}</h3>
          <address>
            {address.map((line, index) => (
              <Fragment key={index}>
                {index > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </address>
          <h3>{t('contact.emailAndPhone')}</h3>
          <ul className="plain-list">
            <li>
              <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>
            </li>
            <li>
              <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> {t('contact.orders')}
            </li>
            <li>
              <a href={`tel:${BRAND.phone.replace(/\s+/g, '')}`}>{BRAND.phone}</a>
            </li>
          </ul>
          <h3 id="hours-heading">{t('contact.hours')}</h3>
          <table className="hours" aria-labelledby="hours-heading">
            <tbody>
              {(page.contact?.hours ?? []).map((row, index) => (
                <tr key={index}>
                  <th scope="row">{row.days}</th>
                  <td>{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('contact.followUs')}</h3>
          <SocialLinks className="plain-list" />
        </aside>
      </div>
    </div>
  );
}
