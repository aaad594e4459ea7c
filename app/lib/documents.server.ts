import { type HeadersFunction, json } from '@remix-run/node';

import { publicPageSchema } from '@contract/api/pages';
import { policyPath, type PolicySlug } from '@contract/policies';
import { RETENTION_MARKER, retentionDaysSchema, retentionMarkdown } from '@contract/retention';

import { ApiRequestError, fetchWithReplay, upstreamFetch, upstreamStatus } from './api.server';
import { apiErrorText } from './api-errors.server';
import { getEnv } from './env.server';
import { DEFAULT_LOCALE, type Locale } from './i18n';
import { i18nData, type I18nRequest, serverTranslator } from './i18n.server';
import { MESSAGES } from './messages';
import { cachingHeaders, shareablePageHeaders } from './page-cache.server';

/** Public URL of an object in the `documents` bucket. */
export function documentUrl(storageUrl: string, path: string): string {
  return `${storageUrl}/storage/v1/object/public/documents/${path}`;
}

/**
 * The markdown of a stored document. Throws an ApiRequestError whose message is what the page shows
 * after 'Error loading document:' and whose status says how storage failed.
 */
export async function fetchDocument(path: string): Promise<string> {
  const env = getEnv();
  const signal = AbortSignal.timeout(env.API_TIMEOUT_MS);
  const late = () => new ApiRequestError(504, 'Request timed out');
  let response: Response;
  try {
    response = await fetchWithReplay(upstreamFetch, documentUrl(env.STORAGE_URL, path), { signal }, true);
  } catch {
    throw signal.aborted ? late() : new ApiRequestError(503, 'Failed to fetch');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ApiRequestError(response.status, MESSAGES.httpError(response.status));
  }
  try {
    return await response.text();
  } catch {
    throw signal.aborted ? late() : new ApiRequestError(502, MESSAGES.somethingWentWrong);
  }
}

/**
 * The retention periods in force (`GET privacy/retention`), as the privacy policy's list; null when
 * the API cannot say, so the page states no period rather than a wrong one.
 */
async function retentionList(locale: Locale): Promise<string | null> {
  const env = getEnv();
  try {
    const response = await fetchWithReplay(
      upstreamFetch,
      `${env.API_URL}/api/privacy/retention`,
      { signal: AbortSignal.timeout(env.API_TIMEOUT_MS) },
      true,
    );
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    const periods = retentionDaysSchema.safeParse(await response.json());
    return periods.success ? retentionMarkdown(periods.data, locale) : null;
  } catch {
    return null;
  }
}

/**
 * The title and SEO description an owner gave the policy (`GET pages/{slug}`, ADR 068); null when the
 * API has no page for it or cannot say, so the page keeps the shop's own title.
 */
async function policyMeta(slug: PolicySlug, locale: Locale): Promise<{ title: string; description: string } | null> {
  const env = getEnv();
  try {
    const url = `${env.API_URL}/api/pages/${slug}?locale=${locale}`;
    const response = await fetchWithReplay(upstreamFetch, url, { signal: AbortSignal.timeout(env.API_TIMEOUT_MS) }, true);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    const page = publicPageSchema.safeParse(await response.json());
    return page.success && page.data.kind === 'page' ? { title: page.data.title, description: page.data.description } : null;
  } catch {
    return null;
  }
}

/** The policy in `locale`; a language whose document storage does not hold (yet) falls back to English. */
async function fetchPolicy(slug: PolicySlug, locale: Locale): Promise<string> {
  if (locale === DEFAULT_LOCALE) return fetchDocument(policyPath(slug, locale));
  try {
    return await fetchDocument(policyPath(slug, locale));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return fetchDocument(policyPath(slug, DEFAULT_LOCALE));
    throw error;
  }
}

/**
 * Loader of a policy page in the page's language: its markdown, or the error to show in its place.
 * The privacy policy states the retention periods in force.
 */
export async function loadPolicy(slug: PolicySlug, request: Locale | I18nRequest = DEFAULT_LOCALE) {
  const locale = typeof request === 'string' ? request : request.locale;
  const i18n = i18nData(request, 'pages');
  // The markdown is read from storage, where publishing a page writes it (ADR 068); its title and description from the page.
  const meta = policyMeta(slug, locale);
  const named = async () => {
    const page = await meta;
    return { title: page?.title || serverTranslator(locale)(`policy.${slug}`), description: page?.description ?? '' };
  };
  try {
    const [stored, periods, { title, description }] = await Promise.all([
      fetchPolicy(slug, locale),
      slug === 'privacy-policy' ? retentionList(locale) : Promise.resolve(null),
      named(),
    ]);
    const markdown = periods === null ? stored : stored.replace(RETENTION_MARKER, periods);
    // Without the periods the page is not shared, so the next visitor gets them.
    const missing = slug === 'privacy-policy' && periods === null && stored.includes(RETENTION_MARKER);
    return json(
      { title, description, markdown, error: null, i18n },
      { headers: missing ? { 'Cache-Control': 'no-store' } : shareablePageHeaders(300) },
    );
  } catch (error) {
    const { title, description } = await named();
    return json(
      { title, description, markdown: null, error: apiErrorText(error, locale), i18n },
      { status: upstreamStatus(error), headers: { 'Cache-Control': 'no-store' } },
    );
  }
}

export const policyHeaders: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);
