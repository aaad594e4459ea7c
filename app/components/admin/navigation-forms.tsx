import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';

import type { AdminNavigation, AdminNavigationGroup, AdminNavigationItem } from '@contract/api/navigation';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { changeLinkFormSchema, columnFormSchema, newLinkFormSchema } from '~/forms/admin-navigation';
import { type MessageKey, type Translate, useI18n } from '~/lib/i18n';

/** The back office's navigation forms (ADR 071): plain posts with an intent, checked by Conform in the browser too. */
type Choices = AdminNavigation['choices'];
type LastResult = SubmissionResult<string[]> | null | undefined;

const KINDS: [string, MessageKey][] = [
  ['path', 'adminPeople.navigation.kind.path'],
  ['page', 'adminPeople.navigation.kind.page'],
  ['product', 'adminPeople.navigation.kind.product'],
  ['category', 'adminPeople.navigation.kind.category'],
  ['url', 'adminPeople.navigation.kind.url'],
  ['catalogue', 'adminPeople.navigation.kind.catalogue'],
];

/** What a menu or column is called in the back office, by its English heading (the owner's own words). */
export const groupName = (group: Pick<AdminNavigationGroup, 'menu' | 'heading_en'>, t: Translate) =>
  t(group.menu === 'header' ? 'adminPeople.navigation.headerMenu' : 'adminPeople.navigation.footerColumn', { heading: group.heading_en });

/**
 * How a link reads in the list: its own label, or the name of what it opens (the catalogue's in the
 * member's language: the API names it in English).
 */
export const linkName = (item: AdminNavigationItem, t: Translate) =>
  item.label_en || (item.kind === 'catalogue' ? t('adminPeople.navigation.kind.catalogue') : item.points_to);

function Choice({ options, empty }: { options: { id: string; label: string }[]; empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** What a link may point at, in the member's language. */
function KindOptions() {
  const { t } = useI18n();
  return KINDS.map(([value, label]) => (
    <option key={value} value={value}>
      {t(label)}
    </option>
  ));
}

/** A link's fields: what it points at (the kind decides which field is read) and its words in both languages. */
export function LinkForm({
  id,
  heading,
  submitLabel,
  intent,
  action,
  lastResult,
  choices,
  groups,
  item,
}: {
  id: string;
  heading: string;
  submitLabel: string;
  intent: 'add-link' | 'change-link';
  /** Where the form posts: the page as it is (an edit keeps its `?edit=`). */
  action?: string;
  lastResult: LastResult;
  choices: Choices;
  /** Where a new link may go; none when changing one. */
  groups?: AdminNavigationGroup[];
  item?: AdminNavigationItem;
}) {
  const { t } = useI18n();
  const schema = item ? changeLinkFormSchema : newLinkFormSchema;
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: item
      ? { ...item, product_id: item.product_id ?? '', category_id: item.category_id ?? '', page_id: item.page_id ?? '' }
      : { kind: 'path' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="admin-form" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value={intent} />
      {item ? (
        <>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="version" value={item.version} />
        </>
      ) : null}
      {groups ? (
        <AdminField field={fields.group_id} label={t('adminPeople.navigation.menuOrColumn')}>
          <select {...getSelectProps(fields.group_id)} {...invalidProps(fields.group_id)}>
            <Choice
              options={groups.map((group) => ({ id: group.id, label: groupName(group, t) }))}
              empty={t('adminPeople.navigation.chooseMenuOrColumn')}
            />
          </select>
        </AdminField>
      ) : null}
      <AdminField field={fields.kind} label={t('adminPeople.navigation.linksTo')}>
        <select {...getSelectProps(fields.kind)} {...invalidProps(fields.kind)}>
          <KindOptions />
        </select>
      </AdminField>
      <AdminField field={fields.address} label={t('adminPeople.navigation.address')} hint={t('adminPeople.navigation.addressHint')}>
        <input {...getInputProps(fields.address, { type: 'text' })} {...invalidProps(fields.address, { hint: true })} autoComplete="off" />
      </AdminField>
      <AdminField field={fields.page_id} label={t('adminPeople.navigation.yourPage')}>
        <select {...getSelectProps(fields.page_id)} {...invalidProps(fields.page_id)}>
          <Choice
            options={choices.pages.map((page) => ({ id: page.id, label: `${page.title} (${page.path})` }))}
            empty={t('adminPeople.navigation.choosePage')}
          />
        </select>
      </AdminField>
      <AdminField field={fields.product_id} label={t('adminPeople.navigation.product')}>
        <select {...getSelectProps(fields.product_id)} {...invalidProps(fields.product_id)}>
          <Choice
            options={choices.products.map((product) => ({ id: product.id, label: product.name }))}
            empty={t('adminPeople.navigation.chooseProduct')}
          />
        </select>
      </AdminField>
      <AdminField field={fields.category_id} label={t('adminPeople.navigation.category')}>
        <select {...getSelectProps(fields.category_id)} {...invalidProps(fields.category_id)}>
          <Choice
            options={choices.categories.map((category) => ({ id: category.id, label: category.name }))}
            empty={t('adminPeople.navigation.chooseCategory')}
          />
        </select>
      </AdminField>
      <AdminField field={fields.label_en} label={t('adminPeople.navigation.labelEn')} hint={t('adminPeople.navigation.labelEnHint')}>
        <input {...getInputProps(fields.label_en, { type: 'text' })} {...invalidProps(fields.label_en, { hint: true })} />
      </AdminField>
      <AdminField field={fields.label_it} label={t('adminPeople.navigation.labelIt')} hint={t('adminPeople.navigation.italianHint')}>
        <input {...getInputProps(fields.label_it, { type: 'text' })} {...invalidProps(fields.label_it, { hint: true })} />
      </AdminField>
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}

/** A menu's or column's heading (intent change-heading), or a new footer column (intent add-column). */
export function ColumnForm({
  id,
  heading,
  submitLabel,
  lastResult,
  group,
}: {
  id: string;
  heading: string;
  submitLabel: string;
  lastResult: LastResult;
  group?: AdminNavigationGroup;
}) {
  const { t } = useI18n();
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: group ? { heading_en: group.heading_en, heading_it: group.heading_it } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: columnFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value={group ? 'change-heading' : 'add-column'} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      <AdminField field={fields.heading_en} label={t('adminPeople.navigation.headingEn')}>
        <input {...getInputProps(fields.heading_en, { type: 'text' })} {...invalidProps(fields.heading_en)} />
      </AdminField>
      <AdminField field={fields.heading_it} label={t('adminPeople.navigation.headingIt')} hint={t('adminPeople.navigation.italianHint')}>
        <input {...getInputProps(fields.heading_it, { type: 'text' })} {...invalidProps(fields.heading_it, { hint: true })} />
      </AdminField>
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}

/** One button in a form of its own: a move or a removal of a link or a column. */
export function RowButton({
  intent,
  id,
  label,
  name,
  danger,
  confirm,
}: {
  intent: string;
  id: string;
  label: string;
  name: string;
  danger?: boolean;
  /** A box to tick before the change goes (a removal that takes more with it), with its label. */
  confirm?: string;
}) {
  const confirmId = `${intent}-${id}-confirm`;
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="id" value={id} />
      {confirm ? (
        <div className="field field--check">
          <input type="checkbox" id={confirmId} name="confirm" required />
          <label htmlFor={confirmId}>{confirm}</label>
        </div>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button button--small ${danger ? 'button--danger' : 'button--ghost'}`}
        aria-label={`${label}: ${name}`}
      >
        {label}
      </button>
    </Form>
  );
}
