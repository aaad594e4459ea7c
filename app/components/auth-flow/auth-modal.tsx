import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';

import { useI18n } from '~/lib/i18n';

import { AuthFlow, type AuthFlowView } from './auth-flow';

/**
 * The sign-in flow over a shop page (docs/product.md#sign-in-flow). Its state is in the URL
 * (`?auth=<step>`), so the server draws it open without JavaScript; closing is a link back to the page.
 */
export function AuthModal({ view }: { view: AuthFlowView }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDivElement>(null);
  const { t } = useI18n();
  useEffect(() => {
    // The honeypot's hidden field (tabindex -1) comes first in every step; skip it.
    dialog.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"]), button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(view.returnTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [navigate, view.returnTo, view.step]);
  return (
    <div className="auth-modal" role="presentation">
      <div ref={dialog} className="auth-modal__panel" role="dialog" aria-modal="true" aria-labelledby="auth-heading">
        {/* Pressing Close must not blur the focused field first: its check would grow the centred panel and move Close from under the pointer. */}
        <Link
          to={view.returnTo}
          className="auth-modal__close"
          aria-label={t('auth.close')}
          replace
          preventScrollReset
          onMouseDown={(event) => event.preventDefault()}
        >
          ×
        </Link>
        <AuthFlow view={view} headingLevel={2} />
      </div>
    </div>
  );
}
