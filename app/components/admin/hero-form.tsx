import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { type AdminHome, type Hero, heroFormSchema, type HeroSlot } from '@contract/api/home';
import { formatLaunchTime, toShopWallTime } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from './admin-field';

const COPY: Record<HeroSlot, { heading: string; save: string; remove: string; none: string }> = {
  current: {
    heading: 'The hero shown now',
    save: 'Save the hero',
    remove: 'Remove the hero',
    none: 'None set: the home page leads with the newest product.',
  },
  scheduled: {
    heading: 'The next hero',
    save: 'Schedule the hero',
    remove: 'Cancel the next hero',
    none: 'None scheduled. Set one with a start time: it replaces the hero shown now at that time.',
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

/** What a hero is in one line, for staff and above each form. */
export function heroSummary(hero: Hero | null, slot: HeroSlot): string {
  if (!hero) return COPY[slot].none;
  const where = hero.target
    ? `${hero.target.kind === 'product' ? 'the product' : 'the category'} ${hero.target.name}`
    : 'something no longer in the shop';
  const when = hero.starts_at ? ` From ${formatLaunchTime(hero.starts_at)}.` : '';
  return `“${hero.headline_en}”, its button leading to ${where}.${when} Set by ${hero.updated_by}.`;
}

/** Where the button leads: a drop (a product not launched yet), a product on sale, or a category. */
function LinkChoice({ field, home }: { field: Parameters<typeof getSelectProps>[0]; home: AdminHome }) {
  const drops = home.products.filter((p) => p.coming_soon);
  const onSale = home.products.filter((p) => !p.coming_soon);
  return (
    <AdminField field={field} label="The button leads to">
      <select {...getSelectProps(field)} {...invalidProps(field)}>
        <option value="">Choose a product, a drop or a category</option>
        <optgroup label="Drops (not launched yet)">
          {drops.map((p) => (
            <option key={p.id} value={`product:${p.id}`}>
              {p.name} (launches {formatLaunchTime(p.launch_date)})
            </option>
          ))}
        </optgroup>
        <optgroup label="Products">
          {onSale.map((p) => (
            <option key={p.id} value={`product:${p.id}`}>
              {p.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Categories">
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
  return (
    <>
      <div className="field">
        <label htmlFor={`hero-${slot}-file`}>{hasImage ? 'A new image (optional)' : 'Image (optional)'}</label>
        <p className="field__hint" id={`hero-${slot}-file-hint`}>
          A JPEG, PNG or WebP photo of at most 10 MB; it is kept at most 1920 pixels wide, without its metadata.
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
          <label htmlFor={`hero-${slot}-remove-image`}>Show no image</label>
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
      <h2 id={headingId}>{copy.heading}</h2>
      <p>{heroSummary(hero, slot)}</p>
      {imageSrc ? <img src={imageSrc} alt="The hero's art as shoppers see it" width={320} className="admin-hero__image" /> : null}
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
          <AdminField field={f.starts_at} label="Starts at (Italian time)" hint="It replaces the hero shown now at this time.">
            <input {...getInputProps(f.starts_at, { type: 'datetime-local' })} {...invalidProps(f.starts_at, { hint: true })} />
          </AdminField>
        ) : null}
        <fieldset className="admin-form__group">
          <legend>English</legend>
          {text('headline_en', 'Headline (English)')}
          {area('text_en', 'Text (English)')}
          {text('button_en', "Button's words (English)")}
        </fieldset>
        <fieldset className="admin-form__group" lang="it">
          <legend>Italiano</legend>
          {text('headline_it', 'Headline (Italian)', 'Left empty, the Italian page shows the English.')}
          {area('text_it', 'Text (Italian)')}
          {text('button_it', "Button's words (Italian)")}
        </fieldset>
        <LinkChoice field={f.link} home={home} />
        <ImageChoice slot={slot} hasImage={Boolean(hero?.image)} />
        <div className="admin-form__actions">
          <button type="submit" name="intent" value="save" className="button" disabled={busy}>
            {copy.save}
          </button>
          {hero ? (
            <button type="submit" name="intent" value="remove" formNoValidate className="button button--ghost" disabled={busy}>
              {copy.remove}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
