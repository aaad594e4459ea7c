import { Link } from '@remix-run/react';

import { useLocalizedPath } from '~/components/shop-link';
import { useI18n } from '~/lib/i18n';
import type { Flash } from '~/lib/session.server';

import { AuthFlow, type AuthFlowView } from './auth-flow';

/** /login and /register: the flow inline, with the reason the shopper was sent here. */
export function AuthPage({
  view,
  guardMessage,
  createAccount,
  flash,
}: {
  view: AuthFlowView;
  guardMessage: string | null;
  createAccount: boolean;
  flash: Flash | null;
}) {
  const { t } = useI18n();
  const localize = useLocalizedPath();
  return (
    <div className="auth-page">
      {flash ? (
        <p className={`auth-banner auth-banner--${flash.kind}`} role="alert">
          {flash.message}
        </p>
      ) : null}
      {guardMessage ? (
        <div className="auth-banner" role="alert">
          <p>{guardMessage}</p>
          {createAccount ? (
            <Link to={localize('/register')} className="button button--secondary">
              {t('auth.createAccount')}
            </Link>
          ) : null}
        </div>
      ) : null}
      <AuthFlow view={view} />
      {view.step === 'email' ? (
        <p className="auth-switch">
          {view.context === 'register' ? (
            <>
              {t('auth.haveAccount')} <Link to={localize('/login')}>{t('auth.logIn')}</Link>
            </>
          ) : (
            <>
              {t('auth.newHere')} <Link to={localize('/register')}>{t('auth.createAnAccount')}</Link>
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}
