import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import Markdown from 'react-markdown';

import type { ContactFields } from '@contract/api/page-fields';
import { type AdminPage, contactPageFormSchema, pageFormSchema, type PageSummary, type PageTexts } from '@contract/api/pages';
import { shopClock } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from './admin-field';
import { ContactFieldsEditor } from './contact-fields';

/** What the text of the shop's own pages is on them (ADR 073); other pages are all text. */
const BODY_LABELS: Record<string, string> = { about: 'Story', contact: 'Introduction' };
const TITLE_HINTS: Record<string, string> = { about: "The page's heading.", contact: "The page's heading." };

/** Where a page stands for shoppers, in words. */
export function pageState(page: Pick<PageSummary, 'latest_version' | 'published_version'>): string {
  if (page.published_version === null) return 'Draft (not published)';
  if (page.published_version === page.latest_version) return `Published (version ${page.published_version})`;
  return `Published (version ${page.published_version}); version ${page.latest_version} is a draft`;
}

/** The editor's texts rendered as the shop renders them (raw HTML dropped), before anything is saved. */
export function PagePreview({ preview }: { preview: Required<PageTexts> }) {
  return (
    <section className="admin-preview" aria-labelledby="page-preview-heading">
      <h2 id="page-preview-heading">Preview (not saved yet)</h2>
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
  const contact = page.builtin === 'contact';
  const schema = contact ? contactPageFormSchema : pageFormSchema;
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
  const bodyLabel = BODY_LABELS[page.builtin ?? ''] ?? 'Text';
  const titleHint = TITLE_HINTS[page.builtin ?? ''];
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
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-label="Page texts">
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="base_version" value={page.latest_version} />
      {owner && !page.builtin ? text('slug', 'Address', 'After /pages/. Changing it keeps the old address redirecting here.') : null}
      <fieldset className="admin-form__group">
        <legend>English</legend>
        {text('title_en', 'Title (English)', titleHint)}
        {text('description_en', 'SEO description (English)', 'What search engines show under the title.')}
        {area('body_en', `${bodyLabel} (English, Markdown)`)}
      </fieldset>
      <fieldset className="admin-form__group" lang="it">
        <legend>Italiano</legend>
        {text('title_it', 'Title (Italian)', 'Left empty, the Italian page shows the English.')}
        {text('description_it', 'SEO description (Italian)')}
        {area('body_it', `${bodyLabel} (Italian, Markdown)`)}
      </fieldset>
      {contact ? <ContactFieldsEditor form={form} fields={contactFields} /> : null}
      <div className="admin-form__actions">
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          Save draft
        </button>
        {owner ? (
          <button type="submit" name="intent" value="publish" className="button" disabled={busy}>
            Save and publish
          </button>
        ) : null}
        <button type="submit" name="intent" value="preview" formNoValidate className="button button--ghost" disabled={busy}>
          Preview
        </button>
      </div>
    </Form>
  );
}

/** Every version, newest first: who wrote it and when; restore writes an old one again as a draft. */
export function PageHistory({ page, owner }: { page: AdminPage; owner: boolean }) {
  return (
    <section aria-labelledby="page-history-heading">
      <h2 id="page-history-heading">History</h2>
      <ol className="admin-history">
        {page.versions.map((version) => (
          <li key={version.number}>
            Version {version.number}: {version.title_en}, by {version.created_by},{' '}
            <time dateTime={version.created_at}>{shopClock(version.created_at)}</time>
            {version.number === page.published_version ? ' (published)' : ''}
            {version.number !== page.latest_version ? (
              <Form method="post" className="admin-inline-form">
                <input type="hidden" name="version" value={version.number} />
                <button type="submit" name="intent" value="restore" className="button button--ghost">
                  Restore version {version.number}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
      {owner && !page.builtin && page.published_version !== null ? (
        <Form method="post">
          <button type="submit" name="intent" value="unpublish" className="button button--ghost">
            Unpublish
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** An owner's own page goes for good, with its history and old addresses, once the box is ticked. */
export function DeletePage() {
  return (
    <section aria-labelledby="page-delete-heading">
      <h2 id="page-delete-heading">Delete this page</h2>
      <Form method="post" className="admin-form">
        <input type="hidden" name="intent" value="delete" />
        <div className="field field--check">
          <input type="checkbox" id="page-delete-confirm" name="confirm" required />
          <label htmlFor="page-delete-confirm">Yes, delete this page and its history for good</label>
        </div>
        <button type="submit" className="button button--danger">
          Delete page
        </button>
      </Form>
    </section>
  );
}
