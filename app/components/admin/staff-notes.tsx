import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';

import { shopClock } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { orderNoteFormSchema } from '~/forms/admin';
import { useI18n } from '~/lib/i18n';

interface Note {
  id: string;
  author: string;
  body: string;
  created_at: string;
}

/**
 * The staff's notes on an order or a customer, oldest first, then the form for a new one (intent "note").
 * Its words are the orders area's: a page that shows it loads `admin-orders`.
 */
export function StaffNotes({
  notes,
  lastResult,
  busy,
}: {
  notes: Note[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <h2 id="notes-heading">{t('adminOrders.notes')}</h2>
      {notes.length === 0 ? (
        <p>{t('adminOrders.notes.none')}</p>
      ) : (
        <ul className="admin-notes" aria-labelledby="notes-heading">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="admin-notes__meta">
                {note.author}, <time dateTime={note.created_at}>{shopClock(note.created_at)}</time>
              </p>
              <p className="admin-notes__body">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      {/* A new form once a note is saved, so it starts empty with JavaScript as without. */}
      <NoteForm key={notes.length} lastResult={lastResult} busy={busy} />
    </>
  );
}

function NoteForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | null | undefined; busy: boolean }) {
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: 'staff-note',
    lastResult,
    constraint: getZodConstraint(orderNoteFormSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderNoteFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-label={t('adminOrders.notes.add')}>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="note" />
      <AdminField field={fields.note} label={t('adminOrders.notes.new')} hint={t('adminOrders.notes.hint')}>
        <textarea {...getTextareaProps(fields.note)} {...invalidProps(fields.note, { hint: true })} rows={3} />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('adminOrders.saving') : t('adminOrders.notes.submit')}
      </button>
    </Form>
  );
}
