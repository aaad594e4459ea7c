import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import Markdown from 'react-markdown';

import type { ContactFields } from '@contract/api/page-fields';
import { type AdminPage, contactPageFormSchema, pageFormSchema, type PageSummary, type PageTexts } from '@contract/api/pages';
import { shopClock } from '@contract/shop-time';

import { type MessageKey, type Translate, useI18n } from '~/lib/i18n';

import { AdminField, FormError, invalidProps } from './admin-field';
import { ContactFieldsEditor } from './contact-fields';

/** What the text of the shop's own pages is on them (ADR 073); other pages are all text. */
const BODY_LABELS: Record<string, { en: MessageKey; it: MessageKey }> = {
  text: { en: 'adminPeople.page.bodyEn', it: 'adminPeople.page.bodyIt' },
  about: { en: 'adminPeople.page.storyEn', it: 'adminPeople.page.storyIt' },
  contact: { en: 'adminPeople.page.introEn', it: 'adminPeople.page.introIt' },
};

/** Where a page stands for shoppers, in words (the member's language). */
export function pageState(page: Pick<PageSummary, 'latest_version' | 'published_version'>, t: Translate): string {
  if (page.published_version === null) return t('adminPeople.page.state.draft');
  if (page.published_version === page.latest_version) return t('adminPeople.page.state.published', { version: page.published_version });
  return t('adminPeople.page.state.publishedWithDraft', { published: page.published_version, latest: page.latest_version });
}

/** The editor's texts rendered as the shop renders them (raw HTML dropped), before anything is saved. */
export function PagePreview({ preview }: { preview: Required<PageTexts> }) {
  const { t } = useI18n();
  return (
    <section className="admin-preview" aria-labelledby="page-preview-heading">
      <h2 id="page-preview-heading">{t('adminPeople.page.previewHeading')}</h2>
      {(['en', 'it'] as const).map((lang) => {
        const title = lang === 'it' ? preview.title_it || preview.title_en : preview.title_en;
        const body = lang === 'it' ? preview.body_it || preview.body_en : preview.body_en;
        return (
          <article key={lang} lang={lang} className="policy" aria-label={lang === 'en' ? 'English' : 'Italiano'}>
            <h3>{title}</h3>
            <div className="prose">
              <Markdown skipHtml>{body}</Markdown>
            </div>
          </article>
        );
      })}
    </section>
  );
}

/** The texts of a page's latest version, for both languages, with save, publish and preview. */
export function PageEditor({
  page,
  owner,
  typed,
  lastResult,
}: {
  page: AdminPage;
  owner: boolean;
  /** What the editor had typed when they asked for a preview, kept in the form. */
  typed?: Required<PageTexts> & { slug: string; fields?: ContactFields | null };
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  const contact = page.builtin === 'contact';
  const schema = contact ? contactPageFormSchema : pageFormSchema;
  const bodyLabels = BODY_LABELS[page.builtin ?? ''] ?? BODY_LABELS.text;
  const titleHint = page.builtin === 'about' || page.builtin === 'contact' ? t('adminPeople.page.headingHint') : undefined;
  const [form, fields] = useForm<Record<string, string>>({
    id: `page-${page.id}-${page.latest_version}`,
    lastResult,
    defaultValue: typed
      ? { ...typed, fields: undefined }
      : {
          slug: page.slug,
          title_en: page.latest.title_en,
          title_it: page.latest.title_it,
          description_en: page.latest.description_en,
          description_it: page.latest.description_it,
          body_en: page.latest.body_en,
          body_it: page.latest.body_it,
        },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const contactFields = (typed ? typed.fields : page.latest.fields) ?? { address_en: '', address_it: '', hours: [] };
  const f = fields as unknown as Record<string, Parameters<typeof getInputProps>[0]>;
  const text = (name: string, label: string, hint?: string) => (
    <AdminField field={f[name]} label={label} hint={hint}>
      <input {...getInputProps(f[name], { type: 'text' })} {...invalidProps(f[name], { hint: Boolean(hint) })} autoComplete="off" />
    </AdminField>
  );
  const area = (name: string, label: string) => (
    <AdminField field={f[name]} label={label}>
      <textarea {...getTextareaProps(f[name] as never)} {...invalidProps(f[name])} rows={16} />
    </AdminField>
  );
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-label={t('adminPeople.page.texts')}>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="base_version" value={page.latest_version} />
      {owner && !page.builtin ? text('slug', t('adminPeople.page.address'), t('adminPeople.page.slugHint')) : null}
      <fieldset className="admin-form__group">
        <legend>{t('adminPeople.page.english')}</legend>
        {text('title_en', t('adminPeople.page.titleEn'), titleHint)}
        {text('description_en', t('adminPeople.page.descriptionEn'), t('adminPeople.page.descriptionHint'))}
        {area('body_en', t(bodyLabels.en))}
      </fieldset>
      <fieldset className="admin-form__group" lang="it">
        <legend>Italiano</legend>
        {text('title_it', t('adminPeople.page.titleIt'), t('adminPeople.page.titleItHint'))}
        {text('description_it', t('adminPeople.page.descriptionIt'))}
        {area('body_it', t(bodyLabels.it))}
      </fieldset>
      {contact ? <ContactFieldsEditor form={form} fields={contactFields} /> : null}
      <div className="admin-form__actions">
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          {t('adminPeople.page.saveDraft')}
        </button>
        {owner ? (
          <button type="submit" name="intent" value="publish" className="button" disabled={busy}>
            {t('adminPeople.page.saveAndPublish')}
          </button>
        ) : null}
        <button type="submit" name="intent" value="preview" formNoValidate className="button button--ghost" disabled={busy}>
          {t('adminPeople.page.preview')}
        </button>
      </div>
    </Form>
  );
}

/** Every version, newest first: who wrote it and when; restore writes an old one again as a draft. */
export function PageHistory({ page, owner }: { page: AdminPage; owner: boolean }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="page-history-heading">
      <h2 id="page-history-heading">{t('adminPeople.page.history')}</h2>
      <ol className="admin-history">
        {page.versions.map((version) => (
          <li key={version.number}>
            {t('adminPeople.page.version', { number: version.number, title: version.title_en, by: version.created_by })}{' '}
            <time dateTime={version.created_at}>{shopClock(version.created_at)}</time>
            {version.number === page.published_version ? ` ${t('adminPeople.page.publishedMark')}` : ''}
            {version.number !== page.latest_version ? (
              <Form method="post" className="admin-inline-form">
                <input type="hidden" name="version" value={version.number} />
                <button type="submit" name="intent" value="restore" className="button button--ghost">
                  {t('adminPeople.page.restore', { number: version.number })}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
      {owner && !page.builtin && page.published_version !== null ? (
        <Form method="post">
          <button type="submit" name="intent" value="unpublish" className="button button--ghost">
            {t('adminPeople.page.unpublish')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** An owner's own page goes for good, with its history and old addresses, once the box is ticked. */
export function DeletePage() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="page-delete-heading">
      <h2 id="page-delete-heading">{t('adminPeople.page.deleteHeading')}</h2>
      <Form method="post" className="admin-form">
        <input type="hidden" name="intent" value="delete" />
        <div className="field field--check">
          <input type="checkbox" id="page-delete-confirm" name="confirm" required />
          <label htmlFor="page-delete-confirm">{t('adminPeople.page.deleteConfirm')}</label>
        </div>
        <button type="submit" className="button button--danger">
          {t('adminPeople.page.delete')}
        </button>
      </Form>
    </section>
  );
}
