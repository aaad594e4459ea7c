import { Form, useLocation } from '@remix-run/react';
import { type FormEvent, useEffect, useState } from 'react';

import { useI18n } from '~/lib/i18n';
import { COOKIE_CONSENT_KEY } from '~/lib/site-rules';

import { ShopLink } from './shop-link';

const ACCEPTED = 'accepted';

/**
 * Shown until accepted. With JavaScript the acceptance goes to local storage (docs/product.md#constants) and a cookie,
 * so the server leaves the notice out of the next page; without it the form post sets the cookie. Either
 * way the storefront records it as a consent of a signed-in shopper. Withdrawn in the profile, the cookie
 * is cleared and the local copy with it, on the next page with JavaScript.
 */
export function CookieNotice({ acceptedByCookie }: { acceptedByCookie: boolean }) {
  const location = useLocation();
  const { t } = useI18n();
  const [acceptedHere, setAcceptedHere] = useState(false);

  // The cookie is the record the server reads; local storage keeps its copy. A copy without the cookie
  // is a choice withdrawn in the profile (with or without JavaScript) or lapsed after its year: it goes,
  // and the notice asks again.
  useEffect(() => {
    try {
      if (window.localStorage.getItem(COOKIE_CONSENT_KEY) !== ACCEPTED) return;
      if (acceptedByCookie) setAcceptedHere(true);
      else window.localStorage.removeItem(COOKIE_CONSENT_KEY);
    } catch {
      // Storage blocked: the cookie still decides.
    }
  }, [acceptedByCookie]);

  if (acceptedByCookie || acceptedHere) return null;

  const accept = (event: FormEvent<HTMLFormElement>) => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, ACCEPTED);
    } catch {
      return; // no storage: let the form post set the cookie
    }
    event.preventDefault();
    // Recorded for a signed-in shopper too; the page stays as it is.
    const body = new FormData(event.currentTarget);
    body.set('delivery', 'in-place');
    void fetch('/cookie-consent', { method: 'POST', body, credentials: 'same-origin' }).catch(() => undefined);
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${COOKIE_CONSENT_KEY}=${ACCEPTED}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    setAcceptedHere(true);
  };

  return (
    <section className="cookie-notice" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')} <ShopLink to="/privacy-policy">{t('cookies.privacyPolicy')}</ShopLink>
      </p>
      <Form method="post" action="/cookie-consent" onSubmit={accept}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="button button--small">
          {t('cookies.accept')}
        </button>
      </Form>
    </section>
  );
}
