import { Form, useActionData, useNavigation } from '@remix-run/react';

import type { AdminProduct } from '@contract/api/products-admin';

import { type MessageKey, useI18n } from '~/lib/i18n';
import { storageObjectUrl } from '~/lib/images';

/** What a failed image form answers: which form (an image's id, or 'upload') and why. */
export interface ImageFormError {
  imageForm: string;
  message: string;
  /** What a refused upload had in its fields, to fill them again. */
  typed?: { alt: string; type: string; focal_x: string; focal_y: string };
}

const KINDS: Record<Image['type'], MessageKey> = {
  product: 'adminCatalogue.images.kindGallery',
  featured: 'adminCatalogue.images.kindListing',
  background: 'adminCatalogue.images.kindBackground',
};

function FocalInputs({ id, x, y }: { id: string; x: number | string; y: number | string }) {
  const { t } = useI18n();
  return (
    <>
      <div className="field field--short">
        <label htmlFor={`${id}-x`}>{t('adminCatalogue.images.focalAcross')}</label>
        <input id={`${id}-x`} name="focal_x" type="number" min={0} max={100} step={1} defaultValue={x} inputMode="numeric" />
      </div>
      <div className="field field--short">
        <label htmlFor={`${id}-y`}>{t('adminCatalogue.images.focalDown')}</label>
        <input id={`${id}-y`} name="focal_y" type="number" min={0} max={100} step={1} defaultValue={y} inputMode="numeric" />
      </div>
    </>
  );
}

function ErrorLine({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * The product's images: each with its description (alt text, required), focal point, place and a
 * way to remove it, and a form to upload another. Every button is a form post, so all of it works
 * without JavaScript.
 */
export function ProductImages({ product, storageBase }: { product: AdminProduct; storageBase: string }) {
  const actionData = useActionData<ImageFormError | object>();
  const failed = actionData && 'imageForm' in actionData ? actionData : null;
  const busy = useNavigation().formData?.get('intent');
  const errorOf = (form: string) => (failed?.imageForm === form ? failed.message : null);
  const { t } = useI18n();
  return (
    <section aria-labelledby="images-heading" className="admin-images">
      <h2 id="images-heading">{t('adminCatalogue.images.heading')}</h2>
      {product.images.length === 0 ? <p>{t('adminCatalogue.images.none')}</p> : null}
      <ul className="admin-images__list">
        {product.images.map((image, i) => (
          <ImageItem key={image.id} image={image} index={i} images={product.images} storageBase={storageBase} error={errorOf(image.id)} />
        ))}
      </ul>
      <h3>{t('adminCatalogue.images.upload')}</h3>
      {/* A new form once an image has landed: the file and its description start empty again. */}
      <UploadForm
        key={product.images.map((image) => image.id).join()}
        error={errorOf('upload')}
        typed={failed?.imageForm === 'upload' ? failed.typed : undefined}
        busy={busy === 'image-upload'}
      />
    </section>
  );
}

type Image = AdminProduct['images'][number];

/** One image: its picture, description, focal point, place among its kind, and the buttons to move or remove it. */
function ImageItem(props: { image: Image; index: number; images: Image[]; storageBase: string; error: string | null }) {
  const { image, index: i, images, storageBase, error } = props;
  const same = images.filter((other) => other.type === image.type);
  const place = same.indexOf(image);
  const { t } = useI18n();
  const which = <span className="visually-hidden"> {t('adminCatalogue.images.which', { number: i + 1 })}</span>;
  return (
    <li className="admin-images__item">
      {image.storage_path ? (
        <img
          src={`${storageObjectUrl(storageBase, image.bucket_name, image.storage_path)}?width=160`}
          width={80}
          height={image.width && image.height ? Math.round((80 * image.height) / image.width) : 100}
          alt=""
        />
      ) : null}
      <Form
        method="post"
        className="admin-form admin-form--inline"
        aria-label={t('adminCatalogue.images.label', { number: i + 1, alt: image.alt })}
      >
        <input type="hidden" name="imageId" value={image.id} />
        <p>{t('adminCatalogue.images.place', { kind: t(KINDS[image.type]), place: place + 1, total: same.length })}</p>
        <div className="field">
          <label htmlFor={`alt-${image.id}`}>{t('adminCatalogue.images.alt')}</label>
          <input
            id={`alt-${image.id}`}
            name="alt"
            defaultValue={image.alt}
            required
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `error-${image.id}` : undefined}
          />
        </div>
        <FocalInputs id={`focal-${image.id}`} x={image.focal_x} y={image.focal_y} />
        <button type="submit" name="intent" value="image-save" className="button button--small">
          {t('adminCatalogue.common.save')}
          {which}
        </button>
        <button type="submit" name="intent" value="image-up" className="button button--small button--ghost" disabled={place === 0}>
          {t('adminCatalogue.images.moveUp')}
          {which}
        </button>
        <button
          type="submit"
          name="intent"
          value="image-down"
          className="button button--small button--ghost"
          disabled={place === same.length - 1}
        >
          {t('adminCatalogue.images.moveDown')}
          {which}
        </button>
        <button type="submit" name="intent" value="image-remove" className="button button--small button--ghost">
          {t('adminCatalogue.images.remove')}
          {which}
        </button>
        <ErrorLine id={`error-${image.id}`} error={error} />
      </Form>
    </li>
  );
}

/** The upload form: the file, its description, how it is shown and its focal point. */
function UploadForm({ error, typed, busy }: { error: string | null; typed?: ImageFormError['typed']; busy: boolean }) {
  const { t } = useI18n();
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form" aria-label={t('adminCatalogue.images.upload')}>
      <input type="hidden" name="intent" value="image-upload" />
      <div className="field">
        <label htmlFor="image-file">{t('adminCatalogue.images.file')}</label>
        <input
          id="image-file"
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'error-upload' : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="image-alt">{t('adminCatalogue.images.alt')}</label>
        <p className="field__hint" id="image-alt-hint">
          {t('adminCatalogue.images.altHint')}
        </p>
        <input id="image-alt" name="alt" required maxLength={200} aria-describedby="image-alt-hint" defaultValue={typed?.alt} />
      </div>
      <div className="field">
        <label htmlFor="image-type">{t('adminCatalogue.images.shownAs')}</label>
        <select id="image-type" name="type" defaultValue={typed?.type && typed.type in KINDS ? typed.type : 'product'}>
          {Object.entries(KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      <FocalInputs id="focal-new" x={typed?.focal_x || 50} y={typed?.focal_y || 50} />
      <ErrorLine id="error-upload" error={error} />
      <button type="submit" className="button" disabled={busy}>
        {t(busy ? 'adminCatalogue.images.uploading' : 'adminCatalogue.images.uploadButton')}
      </button>
    </Form>
  );
}
