import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { useMemo, useState } from 'react';

import { BRAND } from '@contract/brand';
import { formatEuroLoose } from '@contract/money';

import { ComingSoon } from '~/components/drop-launch';
import { NotifyForm } from '~/components/notify-form';
import { Gallery } from '~/components/product/gallery';
import { LongDescription } from '~/components/product/long-description';
import { OptionPickers } from '~/components/product/options';
import { PURCHASE_FORM, PurchaseForm } from '~/components/product/purchase-form';
import { QUICK_PURCHASE_RESUME_PATH } from '~/components/product/purchase-form';
import { ShareButton } from '~/components/product/share';
import { SizeChartDetails } from '~/components/product/size-chart';
import { ProductLoading } from '~/components/product-loading';
import { useLocalizedPath } from '~/components/shop-link';
import { Toast } from '~/components/toast';
import { admitted, ShopBusy, toWaitingRoom } from '~/lib/admission.server';
import { ApiRequestError, upstreamStatus } from '~/lib/api.server';
import { apiErrorText } from '~/lib/api-errors.server';
import { getShopper } from '~/lib/auth.server';
import { cartApi } from '~/lib/cart.server';
import { cachedProductDetails, renamedProductName } from '~/lib/catalogue.server';
import { detailsIn } from '~/lib/catalogue-texts';
import { getEnv } from '~/lib/env.server';
import { readFormData } from '~/lib/form-data.server';
import { localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import type { ResponsiveImage } from '~/lib/images';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { cachingHeaders, shareablePageHeaders, SHARED_PAGE_SECONDS } from '~/lib/page-cache.server';
import { pageTitle } from '~/lib/page-title';
import { isPurchaseIntent, parsePurchase, productJsonLd, productPageData } from '~/lib/product-page.server';
import { quickPurchase, resumableQuickPurchase } from '~/lib/quick-purchase.server';
import { redirectWithFlash, takeFlash } from '~/lib/session.server';
import { optionGroups, selectionSearch, selectOption } from '~/lib/variant-selection';
import { handleWishlistPost, wishlistedIds } from '~/lib/wishlist.server';
import catalogueStyles from '~/styles/catalogue.css';
import productStyles from '~/styles/product.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogueStyles },
  { rel: 'stylesheet', href: productStyles },
];

export const handle: NavigationHandle = {
  titleFrom: (data) => (data as { page?: { product?: { name?: string } } } | undefined)?.page?.product?.name,
  back: BACK_LINKS.backToShop,
};

export const meta: MetaFunction<typeof loader> = ({ data, error, matches, location }) => {
  const { t } = metaTranslator(location, matches, data);
  if (!data || error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: pageTitle(notFound ? t('product.notFound') : t('product.errorTitle')) }, { name: 'robots', content: 'noindex' }];
  }
  const { product } = data.page;
  const image = (data.page.variantId ? data.page.galleries[data.page.variantId] : data.page.productGallery)[0];
  const price = data.page.variants.find((v) => v.id === data.page.variantId)?.price ?? product.price;
  const title = pageTitle(product.name);
  return [
    { title },
    { name: 'description', content: product.shortDescription },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: BRAND.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: product.shortDescription },
    { property: 'og:url', content: data.canonical },
    ...(image
      ? [
          { property: 'og:image', content: image.src },
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
          { property: 'og:image:alt', content: image.alt },
        ]
      : []),
    { property: 'product:price:amount', content: (price / 100).toFixed(2) },
    { property: 'product:price:currency', content: 'EUR' },
    { 'script:ld+json': data.jsonLd },
  ];
};

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => cachingHeaders(errorHeaders ?? loaderHeaders);

/** How long the page cache may keep the page: never past a drop's launch, when the page changes. */
function pageSeconds(product: { comingSoon: boolean; launchDate: string | null }): number {
  if (!product.comingSoon || !product.launchDate) return SHARED_PAGE_SECONDS;
  return Math.max(1, Math.min(SHARED_PAGE_SECONDS, Math.floor((Date.parse(product.launchDate) - Date.now()) / 1000)));
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const name = params.productName ?? '';
  const url = new URL(request.url);
  const env = getEnv();
  const api = context.visitorApi;
  const [shopper, { flash, headers: flashHeaders }] = await Promise.all([getShopper(context), takeFlash(context)]);
  const { user } = shopper;
  const { details, error } = await cachedProductDetails(api, name).then(
    (found) => ({ details: found, error: null }),
    (failure: unknown) => ({ details: null, error: failure }),
  );
  if (!details) {
    if (!(error instanceof ApiRequestError)) throw error;
    // A product the owner renamed: its old address moves to the new one for good.
    if (error.status === 404) {
      const renamed = await renamedProductName(api, name);
      if (renamed) throw redirect(localizedPath(`/product/${encodeURIComponent(renamed)}${url.search}`, context.locale), 301);
    }
    // A name the API refuses to look up (too long, a NUL character) names no product either.
    if (error.status === 404 || error.code === 'invalid_request')
      throw json(
        { message: serverTranslator(context.locale, 'product')('product.notFound') },
        { status: 404, headers: { 'Cache-Control': 'no-cache' } },
      );
    throw json(
      { message: apiErrorText(error, context.locale) },
      { status: upstreamStatus(error), headers: { 'Cache-Control': 'no-store' } },
    );
  }

  // What the shopper already waits for matters only where a Notify form can show: a product coming
  // soon or with a sold-out variant. A product in stock throughout (most pages) does not ask the API.
  const waitable = details.coming_soon || !details.in_stock || details.variants.some((variant) => !variant.in_stock);
  const wishlisted = await wishlistedIds(context, waitable ? user : null, url);
  const page = productPageData(detailsIn(details, context.locale), url, env.STORAGE_URL);
  const canonical = `${url.origin}${localizedPath(`/product/${encodeURIComponent(details.name)}`, context.locale)}`;
  const personal = Boolean(user || flash || url.searchParams.has('notified'));
  // Back from the sign-in modal: the Quick Purchase the shopper started goes on.
  const resumeQuickPurchase = resumableQuickPurchase(shopper, url, name);
  return json(
    {
      page,
      canonical,
      i18n: i18nData(context, 'product', 'forms'),
      jsonLd: productJsonLd(page, canonical),
      wishlisted,
      userEmail: user?.email ?? null,
      flash,
      resumeQuickPurchase,
      // Without JavaScript a quick purchase resumed after signing in goes on to its checkout at once.
      refreshWithoutScript: resumeQuickPurchase ? { seconds: 0, to: QUICK_PURCHASE_RESUME_PATH } : null,
    },
    {
      headers: {
        ...flashHeaders,
        // What the shopper waits for may have been kept in their session (ADR 059).
        ...(await context.commit()),
        ...(personal ? { 'Cache-Control': 'private, no-store' } : shareablePageHeaders(pageSeconds(page.product))),
      },
    },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intents = formData.getAll('intent');
  if (intents.length === 1 && intents[0] === 'notify') return handleWishlistPost(request, context, formData);
  if (intents.length !== 1 || !isPurchaseIntent(intents[0])) return json({ detail: 'Unknown action' }, { status: 400 });
  const submission = parsePurchase(formData);
  if (submission.status !== 'success') return json({ formKey: PURCHASE_FORM, result: submission.reply() }, { status: 400 });
  const url = new URL(request.url);
  const { variantId } = submission.value;
  // The writes of a rush take a slot each; without one in time the shopper waits in line (ADR 028).
  if (submission.value.intent === 'quick-purchase') {
    try {
      return await admitted(() => quickPurchase(context, params.productName ?? '', variantId));
    } catch (error) {
      if (error instanceof ShopBusy) return toWaitingRoom(`${url.pathname}${url.search}`);
      throw error;
    }
  }
  // Add to Cart stays on the product page, with the outcome as a flash (docs/product.md#product-page, docs/product.md#error-messages).
  const cart = await cartApi(context);
  const t = serverTranslator(context.locale, 'product');
  try {
    await admitted(() => cart.add(variantId));
    return redirectWithFlash(context, `${url.pathname}${url.search}`, { kind: 'success', message: t('product.addedToCart') });
  } catch (error) {
    if (error instanceof ShopBusy) return toWaitingRoom(`${url.pathname}${url.search}`);
    const message = apiErrorText(error, context.locale);
    return redirectWithFlash(context, `${url.pathname}${url.search}`, {
      kind: 'error',
      message: t('product.addToCartFailed', { message }),
    });
  }
}

export default function ProductPage() {
  const data = useLoaderData<typeof loader>();
  // A new product or a reload with other options starts from the server's selection.
  return <ProductView key={`${data.page.product.id}:${data.page.variantId}:${data.page.imageIndex}`} data={data} />;
}

/** The product's page background, behind everything and never in the way of the first paint. */
function Backdrop({ image }: { image: ResponsiveImage }) {
  return (
    <div className="product-page__backdrop" aria-hidden="true">
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes="100vw"
        width={image.width}
        height={image.height}
        alt=""
        decoding="async"
        {...{ fetchpriority: 'low' }}
      />
    </div>
  );
}

function ProductView({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { page, canonical, wishlisted, userEmail, flash, resumeQuickPurchase } = data;
  const { product, variants } = page;
  const groups = useMemo(() => optionGroups(variants), [variants]);
  const [selection, setSelection] = useState(page.selection);
  const [variantId, setVariantId] = useState(page.variantId);
  const [imageIndex, setImageIndex] = useState(page.imageIndex);
  const { locale, t } = useI18n();
  const localize = useLocalizedPath();

  const variant = variants.find((v) => v.id === variantId) ?? null;
  const gallery = variant ? page.galleries[variant.id] : page.productGallery;
  const background = variant ? page.backgrounds[variant.id] : page.productBackground;
  const outOfStock = variant ? !variant.in_stock : !product.inStock;
  const basePath = localize(`/product/${encodeURIComponent(product.name)}`);
  const currentPath = `${basePath}${selectionSearch(groups, selection)}`;

  const choose = (name: string, value: string) => {
    const next = selectOption(variants, selection, name, value);
    setSelection(next.selection);
    setVariantId(next.variant?.id ?? null);
    if (next.variant) setImageIndex(0);
    // Rewrite the address in place: no reload, no new history entry.
    window.history.replaceState(window.history.state, '', `${basePath}${selectionSearch(groups, next.selection)}`);
  };

  return (
    <article className="product-page" aria-labelledby="product-name">
      {background ? <Backdrop image={background} /> : null}
      <ProductLoading />
      <Toast flash={flash} />
      <div className="product-page__layout">
        <Gallery
          images={gallery}
          index={imageIndex < gallery.length ? imageIndex : 0}
          productName={product.name}
          hrefFor={(i) => `${basePath}${selectionSearch(groups, selection, i ? { image: String(i) } : {})}`}
          onSelect={setImageIndex}
        />
        <div className="product-page__info">
          <p className="product-page__category">{product.category}</p>
          <h1 className="product-page__name" id="product-name">
            {product.name}
          </h1>
          <p className="product-page__price">{formatEuroLoose(variant?.price ?? product.price, locale)}</p>
          {outOfStock && !product.comingSoon ? <p className="badge badge--sold-out">{t('product.outOfStock')}</p> : null}
          {product.comingSoon && product.launchDate ? <ComingSoon at={product.launchDate} limit={product.purchaseLimit} /> : null}
          <p className="product-page__short">{product.shortDescription}</p>
          <OptionPickers
            groups={groups}
            variants={variants}
            selection={selection}
            hrefFor={(name, value) => `${basePath}${selectionSearch(groups, selectOption(variants, selection, name, value).selection)}`}
            onChoose={choose}
          />
          {product.comingSoon ? (
            // Before the launch: no purchase buttons, the launch list instead (for the product, whatever the options).
            <NotifyForm
              key={`launch-${product.id}`}
              target={{ formKey: 'notify-product', productId: product.id, variantId: null, productName: product.name }}
              userEmail={userEmail}
              wishlisted={wishlisted.includes(product.id)}
              returnTo={currentPath}
              heading={t('notify.atLaunch')}
            />
          ) : (
            <>
              {product.purchaseLimit ? (
                <p className="drop-launch__limit">{t('product.purchaseLimit', { units: product.purchaseLimit })}</p>
              ) : null}
              <PurchaseForm
                variantId={variantId}
                disabled={Boolean(variant && !variant.in_stock)}
                signedIn={Boolean(userEmail)}
                resumeVariantId={resumeQuickPurchase}
              />
            </>
          )}
          {outOfStock && !product.comingSoon ? (
            <NotifyForm
              key={variantId ?? product.id}
              target={{ formKey: 'notify-product', productId: product.id, variantId, productName: product.name }}
              userEmail={userEmail}
              wishlisted={wishlisted.includes(variantId ?? product.id)}
              returnTo={currentPath}
              heading={t('notify.whenAvailable')}
            />
          ) : null}
          <div className="product-page__actions">
            <ShareButton url={`${canonical}${selectionSearch(groups, selection)}`} title={product.name} />
            <Link to={localize('/cart')} className="button button--ghost">
              {t('product.viewCart')}
            </Link>
          </div>
          {page.sizeChart ? <SizeChartDetails chart={page.sizeChart} /> : null}
          <p className="product-page__policies">
            <a href="/privacy">{t('product.privacy')}</a> · <a href="/terms">{t('product.terms')}</a>
          </p>
        </div>
        <LongDescription text={product.longDescription} html={product.longDescriptionHtml} />
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const localize = useLocalizedPath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error)
    ? ((error.data as { message?: string } | null)?.message ?? t('product.httpError', { status: error.status }))
    : t('error.somethingWentWrong');
  return (
    <section className="product-error" role="alert">
      <h1>{notFound ? t('product.notFound') : t('product.errorLoading', { message })}</h1>
      <Link to={localize('/')} className="button">
        {t('error.backToHome')}
      </Link>
    </section>
  );
}
