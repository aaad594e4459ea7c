import { Form, Link, useNavigation } from '@remix-run/react';

import { localizedPath, type MessageKey, useI18n } from '~/lib/i18n';

/**
 * The page a marketing email's link opens: it asks before acting (a mail scanner following the link
 * changes nothing), and the button posts the token. Works without signing in and without JavaScript.
 */
export function MarketingLinkPage(props: {
  token: string;
  question: MessageKey;
  button: MessageKey;
  result: { ok: boolean; message: string } | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const { t, locale } = useI18n();
  return (
    <section className="error-page" aria-labelledby="marketing-title">
      <h1 id="marketing-title">{t('marketing.confirmTitle')}</h1>
      {props.result ? (
        <p role={props.result.ok ? 'status' : 'alert'}>{props.result.message}</p>
      ) : props.token ? (
        <>
          <p>{t(props.question)}</p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={props.token} />
            <button type="submit" className="button" disabled={busy}>
              {t(props.button)}
            </button>
          </Form>
        </>
      ) : (
        <p role="alert">{t('marketing.linkInvalid')}</p>
      )}
      <p>
        <Link to={localizedPath('/', locale)}>{t('unsubscribe.backToShop')}</Link>
      </p>
    </section>
  );
}
