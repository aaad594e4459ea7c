import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';

import { ApiRequestError, failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { MESSAGES } from '~/lib/messages';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { commitSession, redirectWithFlash } from '~/lib/session.server';
import { wishlistUnsubscribe } from '~/lib/wishlist.server';

const TITLE = 'Back-in-stock email';
export const handle: NavigationHandle = { pageTitle: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }, { name: 'robots', content: 'noindex' }];

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * The link of a Notify Me confirmation email: it names the request and asks before stopping it
 * (a mail scanner following the link changes nothing). Works without signing in and without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await context.session();
  const done = session.get('flash');
  if (url.searchParams.has('done') && done) {
    return json(
      { state: 'done' as const, message: done.message, token: null, item: null, launching: false },
      { headers: { ...NO_STORE, 'Set-Cookie': await commitSession(context, session) } },
    );
  }
  const token = url.searchParams.get('token') ?? '';
  try {
    const { item, launches_at } = await wishlistUnsubscribe(context, 'GET', token);
    return json({ state: 'confirm' as const, message: null, token, item, launching: Boolean(launches_at) }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const status = error.status === 404 || error.status === 422 ? 404 : failureStatus(error);
    const message = status === 404 ? MESSAGES.unsubscribeLinkInvalid : error.message;
    return json({ state: 'invalid' as const, message, token: null, item: null, launching: false }, { status, headers: NO_STORE });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const token = String(formData.get('token') ?? '');
  try {
    const { item } = await wishlistUnsubscribe(context, 'POST', token);
    return redirectWithFlash(context, '/wishlist/unsubscribe?done=1', { kind: 'success', message: MESSAGES.unsubscribed(item) });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    // A link used twice, or broken: the page says so.
    return redirect(`/wishlist/unsubscribe?token=${encodeURIComponent(token)}`, 303);
  }
}

export default function WishlistUnsubscribe() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="error-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{TITLE}</h1>
      {data.state === 'confirm' ? (
        <>
          <p>
            We will email you once when {data.item} {data.launching ? 'launches' : 'is back in stock'}. Stop that email?
          </p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={data.token ?? ''} />
            <button type="submit" className="button" disabled={busy}>
              Stop this email
            </button>
          </Form>
        </>
      ) : (
        <p role={data.state === 'done' ? 'status' : 'alert'}>{data.message}</p>
      )}
      <p>
        <Link to="/">Back to Shop</Link>
      </p>
    </section>
  );
}
