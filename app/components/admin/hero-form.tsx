import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { type AdminHome, type Hero, heroFormSchema, type HeroSlot } from '@contract/api/home';
import { formatLaunchTime, toShopWallTime } from '@contract/shop-time';

import { type Locale, type MessageKey, type Translate, useI18n } from '~/lib/i18n';

import { AdminField, FormError, invalidProps } from './admin-field';

const COPY: Record<HeroSlot, { heading: MessageKey; save: MessageKey; remove: MessageKey; none: MessageKey }> = {
  current: {
    heading: 'adminPeople.home.current.heading',
    save: 'adminPeople.home.current.save',
    remove: 'adminPeople.home.current.remove',
    none: 'adminPeople.home.current.none',
  },
  scheduled: {
    heading: 'adminPeople.home.scheduled.heading',
    save: 'adminPeople.home.scheduled.save',
    remove: 'adminPeople.home.scheduled.remove',
    none: 'adminPeople.home.scheduled.none',
  },
};

/** A hero's words in the form's fields; the start time in the shop's (Italian) time. */
function heroValues(hero: Hero | null): Record<string, string> {
  if (!hero) return {};
  return {
    headline_en: hero.headline_en,
    headline_it: hero.headline_it,
    text_en: hero.text_en,
    text_it: hero.text_it,
    button_en: hero.button_en,
    button_it: hero.button_it,
    link: hero.link,
    starts_at: hero.starts_at ? toShopWallTime(hero.starts_at) : '',
  };
}

/** What a hero is in one line, for staff and above each form, in the member's language (its headline is the owner's English). */
export function heroSummary(hero: Hero | null, slot: HeroSlot, t: Translate, locale: Locale): string {
  if (!hero) return t(COPY[slot].none);
  const target = hero.target
    ? t(hero.target.kind === 'product' ? 'adminPeople.home.target.product' : 'adminPeople.home.target.category', {
        name: hero.target.name,
      })
    : t('adminPeople.home.target.gone');
  const words = { headline: hero.headline_en, target, by: hero.updated_by };
  return hero.starts_at
    ? t('adminPeople.home.summaryFrom', { ...words, from: formatLaunchTime(hero.starts_at, undefined, locale) })
    : t('adminPeople.home.summary', words);
}

/** Where the button leads: a drop (a product not launched yet), a product on sale, or a category. */
function LinkChoice({ field, home }: { field: Parameters<typeof getSelectProps>[0]; home: AdminHome }) {
  const drops = home.products.filter((p) => p.coming_soon);
  const onSale = home.products.filter((p) => !p.coming_soon);
  const { t, locale } = useI18n();
  return (
    <AdminField field={field} label={t('adminPeople.home.link')}>
      <select {...getSelectProps(field)} {...invalidProps(field)}>
        <option value="">{t('adminPeople.home.link.choose')}</option>
        <optgroup label={t('adminPeople.home.link.drops')}>
          {drops.map((p) => (
            <option key={p.id} value={`product:${p.id}`}>
              {t('adminPeople.home.link.drop', { name: p.name, at: formatLaunchTime(p.launch_date, undefined, locale) })}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('adminPeople.home.link.products')}>
          {onSale.map((p) => (
            <option key={p.id} value={`product:${p.id}`}>
              {p.name}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('adminPeople.home.link.categories')}>
          {home.categories.map((name) => (
            <option key={name} value={`category:${name}`}>
              {name}
            </option>
          ))}
        </optgroup>
      </select>
    </AdminField>
  );
}

/** The hero's image: a new upload with the form (or none), and, when it has one, a way to show none. */
function ImageChoice({ slot, hasImage }: { slot: HeroSlot; hasImage: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <div className="field">
        <label htmlFor={`hero-${slot}-file`}>{t(hasImage ? 'adminPeople.home.image.new' : 'adminPeople.home.image')}</label>
        <p className="field__hint" id={`hero-${slot}-file-hint`}>
          {t('adminPeople.home.image.hint')}
        </p>
        <input
          id={`hero-${slot}-file`}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`hero-${slot}-file-hint`}
        />
      </div>
      {hasImage ? (
        <div className="field field--check">
          <input type="checkbox" id={`hero-${slot}-remove-image`} name="remove_image" />
          <label htmlFor={`hero-${slot}-remove-image`}>{t('adminPeople.home.image.none')}</label>
        </div>
      ) : null}
    </>
  );
}

/**
 * The owner's form of one hero: words in both languages, where its button leads (a product, a drop,
 * a category), its image (uploaded with the form) and, for the next hero, its start time. A plain
 * multipart form post; with JavaScript the same rules check the words before it is sent.
 */
export function HeroForm({
  slot,
  home,
  lastResult,
  imageSrc,
}: {
  slot: HeroSlot;
  home: AdminHome;
  lastResult?: SubmissionResult<string[]>;
  imageSrc: string | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const { t, locale } = useI18n();
  const hero = home[slot];
  const copy = COPY[slot];
  const [form, fields] = useForm<Record<string, string>>({
    id: `hero-${slot}`,
    lastResult,
    defaultValue: heroValues(hero),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: heroFormSchema }) as never,
  });
  const f = fields as unknown as Record<string, Parameters<typeof getInputProps>[0]>;
  const text = (name: string, label: string, hint?: string) => (
    <AdminField field={f[name]} label={label} hint={hint}>
      <input {...getInputProps(f[name], { type: 'text' })} {...invalidProps(f[name], { hint: Boolean(hint) })} autoComplete="off" />
    </AdminField>
  );
  const area = (name: string, label: string) => (
    <AdminField field={f[name]} label={label}>
      <textarea {...getTextareaProps(f[name] as never)} {...invalidProps(f[name])} rows={3} />
    </AdminField>
  );
  const headingId = `hero-${slot}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t(copy.heading)}</h2>
      <p>{heroSummary(hero, slot, t, locale)}</p>
      {imageSrc ? <img src={imageSrc} alt={t('adminPeople.home.image.alt')} width={320} className="admin-hero__image" /> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="admin-form"
        aria-labelledby={headingId}
      >
        <FormError id={form.errorId} error={form.errors?.[0]} />
        <input type="hidden" name="slot" value={slot} />
        {slot === 'scheduled' ? (
          <AdminField field={f.starts_at} label={t('adminPeople.home.startsAt')} hint={t('adminPeople.home.startsAt.hint')}>
            <input {...getInputProps(f.starts_at, { type: 'datetime-local' })} {...invalidProps(f.starts_at, { hint: true })} />
          </AdminField>
        ) : null}
        <fieldset className="admin-form__group">
          <legend>{t('adminPeople.home.english')}</legend>
          {text('headline_en', t('adminPeople.home.headlineEn'))}
          {area('text_en', t('adminPeople.home.textEn'))}
          {text('button_en', t('adminPeople.home.buttonEn'))}
        </fieldset>
        <fieldset className="admin-form__group" lang="it">
          <legend>Italiano</legend>
          {text('headline_it', t('adminPeople.home.headlineIt'), t('adminPeople.home.headlineIt.hint'))}
          {area('text_it', t('adminPeople.home.textIt'))}
          {text('button_it', t('adminPeople.home.buttonIt'))}
        </fieldset>
        <LinkChoice field={f.link} home={home} />
        <ImageChoice slot={slot} hasImage={Boolean(hero?.image)} />
        <div className="admin-form__actions">
          <button type="submit" name="intent" value="save" className="button" disabled={busy}>
            {t(copy.save)}
          </button>
          {hero ? (
            <button type="submit" name="intent" value="remove" formNoValidate className="button button--ghost" disabled={busy}>
              {t(copy.remove)}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
