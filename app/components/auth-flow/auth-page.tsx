import { Link } from '@remix-run/react';

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
            <Link to="/register" className="button button--secondary">
              Create Account
            </Link>
          ) : null}
        </div>
      ) : null}
      <AuthFlow view={view} />
      {view.step === 'email' ? (
        <p className="auth-switch">
          {view.context === 'register' ? (
            <>
              Already have an account? <Link to="/login">Log in</Link>
            </>
          ) : (
            <>
              New here? <Link to="/register">Create an account</Link>
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}
