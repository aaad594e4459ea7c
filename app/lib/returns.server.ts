import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';

import { returnOptionsSchema, returnSchema } from '@contract/api/returns';

import { returnFormSchema } from '~/forms/returns';

import { ApiRequestError, failureStatus, upstreamStatus } from './api.server';
import type { ShopContext } from './context.server';
import { readFormData } from './form-data.server';
import { i18nData, serverTranslator } from './i18n.server';
import { RETURN_WINDOW, returnErrorKey } from './returns-messages';
import { redirectWithFlash, takeFlash } from './session.server';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** Whose return page this is: a signed-in buyer's own order, or a guest's signed link (ADR 032). */
export type ReturnTarget = { kind: 'account'; purchaseId: string } | { kind: 'guest'; token: string };

async function client(context: ShopContext, target: ReturnTarget) {
  if (target.kind === 'guest')
    return {
      api: context.visitorApi,
      path: `returns/guest/${encodeURIComponent(target.token)}`,
      session: undefined,
      commit: async () => ({}),
    };
  const { api, session, commit } = await context.shopApi();
  return { api, path: `returns/purchase/${encodeURIComponent(target.purchaseId)}`, session, commit };
}

/** The return page's data: what can be returned, the returns so far, and the message of the last post. */
export async function loadReturnPage(context: ShopContext, target: ReturnTarget) {
  const { api, path, commit } = await client(context, target);
  const t = serverTranslator(context.locale, 'returns');
  let options;
  try {
    options = await api.request('GET', path, returnOptionsSchema);
  } catch (error) {
    const headers = { ...(await commit()), ...NO_STORE };
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422)) {
      throw json({ message: target.kind === 'guest' ? t('returns.invalidLink') : t('returns.purchaseNotFound') }, { status: 404, headers });
    }
    throw json({ message: t('returns.failed') }, { status: upstreamStatus(error), headers });
  }
  const { flash, headers: flashHeaders } = await takeFlash(context);
  return json(
    { options, flash, i18n: i18nData(context, 'returns', 'forms') },
    { headers: { ...(await commit()), ...(flashHeaders as Record<string, string>), ...NO_STORE } },
  );
}

/** Posts the return form; Post/Redirect/Get back to the page with the return number, or the form with what went wrong. */
export async function submitReturn(request: Request, context: ShopContext, target: ReturnTarget) {
  const formData = await readFormData(request);
  if (formData.get('intent') === 'withdraw') return withdrawWholeOrder(request, context, target);
  const submission = parseWithZod(formData, { schema: returnFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  const { comment, lines, refund_to } = submission.value;
  // The schema refuses a form without a reason.
  const reason = submission.value.reason!;
  const { api, path, commit } = await client(context, target);
  try {
    const made = await api.request('POST', path, returnSchema, {
      body: {
        reason,
        comment: comment ?? '',
        refund_to,
        lines: lines
          .filter((line) => line.quantity > 0)
          .map((line) => ({ item_id: line.item_id, quantity: line.quantity, exchange_variant_id: line.exchange_variant_id ?? null })),
      },
    });
    // The same session as the API client's, so a refreshed sign-in is kept with the message.
    const t = serverTranslator(context.locale, 'returns');
    return redirectWithFlash(context, new URL(request.url).pathname, {
      kind: 'success',
      message: t('returns.requested', { number: made.number }),
    });
  } catch (error) {
    const code = error instanceof ApiRequestError ? error.code : undefined;
    const t = serverTranslator(context.locale, 'returns');
    return json(
      { result: submission.reply({ formErrors: [t(returnErrorKey(code), RETURN_WINDOW)] }) },
      { status: failureStatus(error), headers: { ...(await commit()), ...NO_STORE } },
    );
  }
}

/**
 * The right of withdrawal in one step: the API returns every unit still returnable, for a refund to
 * the payment. Post/Redirect/Get back to the page either way, with what happened in its message.
 */
async function withdrawWholeOrder(request: Request, context: ShopContext, target: ReturnTarget) {
  const { api, path } = await client(context, target);
  const t = serverTranslator(context.locale, 'returns');
  const back = new URL(request.url).pathname;
  try {
    const made = await api.request('POST', path, returnSchema, {
      body: { reason: 'changed_mind', comment: '', refund_to: 'payment', whole_order: true },
    });
    return redirectWithFlash(context, back, {
      kind: 'success',
      message: t('returns.withdrawn', { order: made.order_number, number: made.number }),
    });
  } catch (error) {
    const code = error instanceof ApiRequestError ? error.code : undefined;
    return redirectWithFlash(context, back, { kind: 'error', message: t(returnErrorKey(code), RETURN_WINDOW) });
  }
}
