import type { FormMetadata } from '@conform-to/react';

import { type ContactFields, HOURS_ROWS } from '@contract/api/page-fields';

import { useI18n } from '~/lib/i18n';

import { AdminField, invalidProps } from './admin-field';

/** A field of the form by its name, for inputs Conform does not hand out one by one (the rows of hours). */
function named(form: Pick<FormMetadata, 'id' | 'allErrors'>, name: string) {
  const id = `${form.id}-${name.replace(/[^a-z0-9]+/gi, '-')}`;
  return { id, errorId: `${id}-error`, errors: form.allErrors[name] };
}

/**
 * The contact page's address and opening hours (ADR 073): structured, not Markdown, so the page keeps
 * its table. Every row of hours is offered (blank rows are dropped); Italian left empty shows the English.
 */
export function ContactFieldsEditor({ form, fields }: { form: Pick<FormMetadata, 'id' | 'allErrors'>; fields: ContactFields }) {
  const { t } = useI18n();
  const rows = Array.from({ length: HOURS_ROWS }, (_, index) => fields.hours[index]);
  const address = (name: 'address_en' | 'address_it', label: string, hint: string) => {
    const field = named(form, name);
    return (
      <AdminField field={field} label={label} hint={hint}>
        <textarea id={field.id} name={name} defaultValue={fields[name]} rows={4} {...invalidProps(field, { hint: true })} />
      </AdminField>
    );
  };
  const cell = (row: number, key: 'days_en' | 'days_it' | 'hours_en' | 'hours_it', label: string) => {
    const name = `hours[${row}].${key}`;
    const field = named(form, name);
    return (
      <AdminField field={field} label={label}>
        <input id={field.id} name={name} type="text" defaultValue={rows[row]?.[key] ?? ''} autoComplete="off" {...invalidProps(field)} />
      </AdminField>
    );
  };
  return (
    <>
      <fieldset className="admin-form__group">
        <legend>{t('adminPeople.contactFields.address')}</legend>
        {address('address_en', t('adminPeople.contactFields.addressEn'), t('adminPeople.contactFields.addressEnHint'))}
        {address('address_it', t('adminPeople.contactFields.addressIt'), t('adminPeople.contactFields.addressItHint'))}
      </fieldset>
      <fieldset className="admin-form__group">
        <legend>{t('adminPeople.contactFields.hours')}</legend>
        <p className="field__hint">{t('adminPeople.contactFields.hoursHint')}</p>
        {rows.map((_, row) => (
          <fieldset key={row} className="admin-form__row">
            <legend>{t('adminPeople.contactFields.row', { row: row + 1 })}</legend>
            {cell(row, 'days_en', t('adminPeople.contactFields.daysEn', { row: row + 1 }))}
            {cell(row, 'hours_en', t('adminPeople.contactFields.hoursEn', { row: row + 1 }))}
            {cell(row, 'days_it', t('adminPeople.contactFields.daysIt', { row: row + 1 }))}
            {cell(row, 'hours_it', t('adminPeople.contactFields.hoursIt', { row: row + 1 }))}
          </fieldset>
        ))}
      </fieldset>
    </>
  );
}

/** The address and rows of hours as the form posted them, checked or not (for a preview that saves nothing). */
export function typedContactFields(formData: FormData): ContactFields {
  const raw = (name: string) => String(formData.get(name) ?? '');
  return {
    address_en: raw('address_en'),
    address_it: raw('address_it'),
    hours: Array.from({ length: HOURS_ROWS }, (_, row) => ({
      days_en: raw(`hours[${row}].days_en`),
      days_it: raw(`hours[${row}].days_it`),
      hours_en: raw(`hours[${row}].hours_en`),
      hours_it: raw(`hours[${row}].hours_it`),
    })).filter((row) => Object.values(row).some((value) => value.trim())),
  };
}
