import { json } from '@remix-run/node';

import { messageAnswerSchema } from '@contract/api/auth';
import { deleteAccountRequestSchema } from '@contract/api/privacy';

import { accountApi } from './account.server';
import { ApiRequestError, failureStatus, hasErrorCode } from './api.server';
import { apiErrorText } from './api-errors.server';
import { signOut } from './auth.server';
import type { ShopContext } from './context.server';
import { localizedPath } from './i18n';
import { serverFormMessage, serverTranslator } from './i18n.server';
import { redirectWithFlash } from './session.server';

/**
 * Deleting one's own data (GDPR art. 17), from the profile (an account: the email typed again and the
 * password) or from /orders (a guest, signed in by the code emailed to them: the email typed again).
 * The API erases the customer or says why it must wait; the shopper is signed out here and lands on
 * the shop with a message. A refusal stays on the page, beside the form (`deleteError`).
 */
export async function deleteOwnData(context: ShopContext, formData: FormData, who: 'account' | 'guest') {
  const body = deleteAccountRequestSchema.safeParse({
    confirm_email: formData.get('confirm_email') ?? '',
    ...(who === 'account' ? { password: formData.get('password') ?? '' } : {}),
  });
  const t = serverTranslator(context.locale, 'account');
  if (!body.success) return json({ deleteError: serverFormMessage(context.locale)(body.error.issues[0].message) }, { status: 400 });
  const account = await accountApi(context);
  // The email typed again must be the shopper's own: said here in the page's language, and in words
  // that fit a guest (the API refuses a mismatch too).
  const own = account.session.get('user')?.email;
  if (own && body.data.confirm_email.trim().toLowerCase() !== own.toLowerCase()) {
    return json(
      { deleteError: t(who === 'account' ? 'data.emailMismatch' : 'data.guestEmailMismatch') },
      { status: 400, headers: await account.commit() },
    );
  }
  try {
    await account.api.request('POST', 'user/delete-account', messageAnswerSchema, { body: body.data });
  } catch (error) {
    const known = error instanceof ApiRequestError && error.status < 500 && typeof error.detail === 'string';
    const text = hasErrorCode(error, 'invalid_credentials')
      ? t('data.wrongPassword')
      : known
        ? apiErrorText(error, context.locale)
        : t('data.deleteFailed');
    return json({ deleteError: text }, { status: failureStatus(error), headers: await account.commit() });
  }
  signOut(account.session);
  account.session.unset('apiCartCookie');
  context.markChanged();
  return redirectWithFlash(context, localizedPath('/', context.locale), {
    kind: 'success',
    message: t(who === 'account' ? 'data.deleted' : 'data.guestDeleted'),
  });
}
