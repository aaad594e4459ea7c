import { json } from '@remix-run/node';

import type { AuthContext } from '~/forms/auth';

import { GUARD_MESSAGES, type GuardReason, safeRedirectTo } from './auth.server';
import { loadAuthView } from './auth-flow.server';
import type { ShopContext } from './context.server';
import { localizedPath } from './i18n';
import { i18nData, serverTranslator } from './i18n.server';
import { commitSession } from './session.server';

/** Loader of /login and /register: the flow at its step, plus the guard's reason and any flash. */
export async function authPageLoader(request: Request, context: ShopContext, page: Exclude<AuthContext, 'modal'>) {
  const url = new URL(request.url);
  const successTo = safeRedirectTo(url.searchParams.get('redirectTo'), localizedPath('/profile', context.locale));
  const loaded = await loadAuthView(request, context, { context: page, defaultStep: 'email', successTo });
  const { view, session } = loaded;
  const reason = url.searchParams.get('reason') as GuardReason | null;
  const t = serverTranslator(context.locale, 'auth');
  const guardMessage = reason && Object.hasOwn(GUARD_MESSAGES, reason) ? t(GUARD_MESSAGES[reason as keyof typeof GUARD_MESSAGES]) : null;
  const flash = session.get('flash') ?? null;
  const setCookie = flash ? await commitSession(context, session) : loaded.setCookie;
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
  if (setCookie) headers['Set-Cookie'] = setCookie;
  return json(
    {
      view: view!,
      guardMessage,
      createAccount: reason === 'create-account' || reason === 'guest',
      flash,
      i18n: i18nData(context, 'auth', 'forms'),
    },
    { headers },
  );
}
