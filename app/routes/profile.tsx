import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import { localeAnswerSchema, type Profile } from '@contract/api/profile';
import { ACCOUNT_RULES } from '@contract/shop-rules';

import { cardStylesheet } from '~/components/cards/card-carousel';
import { AccountInformation, PROFILE_EDIT_PARAM } from '~/components/profile/account-information';
import { PurchaseHistory } from '~/components/profile/purchase-history';
import { YourCards } from '~/components/profile/your-cards';
import { YourConsents } from '~/components/profile/your-consents';
import { DELETE_ACCOUNT_INTENT, YourData } from '~/components/profile/your-data';
import { LANGUAGE_INTENT, YourLanguage } from '~/components/profile/your-language';
import { YourStoreCredit } from '~/components/profile/your-store-credit';
import { Toast } from '~/components/toast';
import { PROFILE_FIELDS, profileSchema } from '~/forms/profile';
import { accountApi, isNotAuthenticated, profileFieldErrors } from '~/lib/account.server';
import { deleteOwnData } from '~/lib/account-deletion.server';
import { upstreamStatus } from '~/lib/api.server';
import { requireUser, signedOutHere } from '~/lib/auth.server';
import { shopCardTotal, toCardView } from '~/lib/cards.server';
import { consentAction } from '~/lib/consents.server';
import type { ShopContext } from '~/lib/context.server';
import { displayName } from '~/lib/display-name';
import { readFormData } from '~/lib/form-data.server';
import { isLocale, localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, languageCookie, serverTranslator } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import type { RenderMemoHandle } from '~/lib/render-memo.server';
import { commitSession, redirectWithFlash, takeFlash } from '~/lib/session.server';
import accountStyles from '~/styles/account.css';

// Drawn from the address and the loaders' data alone: kept as rendered (ADR 083).
export const handle: NavigationHandle & RenderMemoHandle = { pageTitle: 'Profile', rendersFromData: true };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }, cardStylesheet];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.profile')) },
  { name: 'robots', content: 'noindex' },
];

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { requireRegistered: true });
  const editing = new URL(request.url).searchParams.has(PROFILE_EDIT_PARAM);
  const account = await accountApi(context);
  // The page's reads are one API call (user/overview); the shop's card count is kept with the catalogue.
  const [overview, cardTotal] = await Promise.allSettled([account.overview(ACCOUNT_RULES.profilePurchases), shopCardTotal(context)]);
  // A spent refresh token signed the shopper out on the way: the sign-in page, as for any visitor.
  const signedOut = await signedOutHere(request, context);
  if (signedOut) throw signedOut;
  // The flash of a post back here (a consent withdrawn); the session is written once, with or without it.
  const { flash, headers: flashHeaders } = await takeFlash(context);
  const headers = { ...flashHeaders, ...(await account.commit()), ...NO_STORE };
  const i18n = i18nData(context, 'account', 'cards', 'forms');
  const t = serverTranslator(context.locale, 'account');

  if (overview.status === 'rejected') {
    if (isNotAuthenticated(overview.reason)) {
      return json({ state: 'not-authenticated' as const, error: t('profile.notAuthenticated'), i18n }, { status: 401, headers });
    }
    console.error('Profile could not be loaded:', overview.reason);
    return json(
      { state: 'error' as const, error: t('profile.errorLoading', { message: t('profile.failedToFetch') }), i18n },
      { status: upstreamStatus(overview.reason), headers },
    );
  }
  // docs/product.md#profile: other profile fetch failures are only logged (the API answers those parts as null).
  const { profile, purchases, stats, unlocked_cards, consents, store_credit } = overview.value;
  if (!purchases) console.error('Purchase history could not be loaded');
  if (!stats) console.error('Order statistics could not be loaded');
  if (!unlocked_cards) console.error('Cards could not be loaded');
  if (!consents) console.error('Consents could not be loaded');
  if (store_credit === null) console.error('Store credit could not be loaded');
  const owner = account.session.get('user') ?? null;
  return json(
    {
      state: 'ready' as const,
      profile,
      purchases,
      purchaseCount: stats ? stats.total_orders : (purchases?.length ?? null),
      cards: (unlocked_cards ?? []).map((card) => toCardView(card, owner, context.locale)),
      cardTotal: cardTotal.status === 'fulfilled' ? cardTotal.value : null,
      consents,
      storeCredit: store_credit,
      flash,
      editing,
      i18n,
    },
    { headers },
  );
}

/** Save Changes: validate with the shared schema, PUT the profile, then back to the profile (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { requireRegistered: true });
  const formData = await readFormData(request);
  if (formData.get('intent') === DELETE_ACCOUNT_INTENT) return deleteOwnData(context, formData, 'account');
  const consent = consentAction(request, context, formData, localizedPath('/profile', context.locale));
  if (consent) return consent;
  if (formData.get('intent') === LANGUAGE_INTENT) return saveLanguage(request, context, formData);
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });

  const account = await accountApi(context);
  const { first_name, last_name, phone, address } = submission.value;
  let saved: Profile;
  try {
    saved = await account.updateProfile({ first_name, last_name, phone: phone ?? '', address: address ?? '' });
  } catch (error) {
    const fieldErrors = profileFieldErrors(error, PROFILE_FIELDS);
    if (!fieldErrors) console.error('Profile update failed:', error);
    const formErrors = [serverTranslator(context.locale, 'account')('profile.updateFailed')];
    return json(
      { result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors }) },
      { status: fieldErrors ? 400 : 502, headers: await account.commit() },
    );
  }
  // The user kept in the session carries the names the rest of the shop greets with.
  const user = account.session.get('user');
  if (user) account.session.set('user', { ...user, first_name: saved.first_name, last_name: saved.last_name });
  return redirect(localizedPath('/profile', context.locale), {
    status: 303,
    headers: { 'Set-Cookie': await commitSession(context, account.session) },
  });
}

/**
 * The shopper's language, kept in their account: this browser remembers it too (the switcher's
 * cookie), and the profile comes back in it, saying so in it.
 */
async function saveLanguage(request: Request, context: ShopContext, formData: FormData) {
  const chosen = formData.get('locale');
  const here = localizedPath('/profile', context.locale);
  if (!isLocale(chosen)) {
    return redirectWithFlash(context, here, {
      kind: 'error',
      message: serverTranslator(context.locale, 'account')('profile.languageFailed'),
    });
  }
  const account = await accountApi(context);
  try {
    await account.api.request('PUT', 'user/locale', localeAnswerSchema, { body: { locale: chosen } });
    const user = account.session.get('user');
    if (user) account.session.set('user', { ...user, locale: chosen });
  } catch (error) {
    const signedOut = await signedOutHere(request, context);
    if (signedOut) throw signedOut;
    console.error('Saving the language failed:', error);
    return redirectWithFlash(context, here, {
      kind: 'error',
      message: serverTranslator(context.locale, 'account')('profile.languageFailed'),
    });
  }
  const response = await redirectWithFlash(context, localizedPath('/profile', chosen), {
    kind: 'success',
    message: serverTranslator(chosen, 'account')('profile.languageSaved'),
  });
  response.headers.append('Set-Cookie', languageCookie(chosen, context.secure));
  return response;
}

export default function ProfilePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { locale, t } = useI18n();
  if (data.state !== 'ready') {
    return (
      <section className="profile profile--message">
        <p className="notice notice--error" role="alert">
          {data.error}
        </p>
        {data.state === 'not-authenticated' ? (
          <Link to={localizedPath(`/login?redirectTo=${encodeURIComponent(localizedPath('/profile', locale))}`, locale)} className="button">
            {t('profile.logIn')}
          </Link>
        ) : null}
      </section>
    );
  }
  const { profile, purchases, purchaseCount, cards, cardTotal, consents, storeCredit, flash, editing } = data;
  const deleteError = actionData && 'deleteError' in actionData ? actionData.deleteError : null;
  return (
    <section className="profile" aria-labelledby="profile-heading">
      <h1 id="profile-heading" className="page-title">
        {t('profile.welcomeBack', { name: displayName(profile, t('profile.user')) })}
      </h1>
      <Toast flash={flash} />
      <div className="profile-layout">
        <AccountInformation profile={profile} editing={editing} />
        <div className="profile-layout__side">
          <PurchaseHistory purchases={purchases} count={purchaseCount} />
          <YourStoreCredit balance={storeCredit} />
          <YourCards cards={cards} total={cardTotal} />
          <YourLanguage current={profile.locale} />
          <YourConsents consents={consents} />
          <YourData error={deleteError} />
        </div>
      </div>
    </section>
  );
}
