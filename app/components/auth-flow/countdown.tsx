import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';

import { type AuthFlowView, stepHref } from './view';

/**
 * Counts down and then goes to `to`, in place. Without JavaScript the document's head carries the
 * same timed redirect (`TimedRedirect` in the root layout: a refresh belongs in <head>).
 */
export function Countdown({ seconds, to, render }: { seconds: number; to: string; render: (left: number) => React.ReactNode }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        navigate(to, { replace: true });
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, to, navigate]);
  return (
    <p className="auth-countdown" aria-live="polite">
      {render(left)}
    </p>
  );
}

/** Where a finished sign-in (or password reset) goes next, and after how many seconds; null at any other step. */
export function timedRedirect(
  view: Pick<AuthFlowView, 'step' | 'successTo' | 'countdown' | 'returnTo'> | null | undefined,
): { seconds: number; to: string } | null {
  if (!view) return null;
  if (view.step === 'success') return { seconds: view.countdown, to: view.successTo ?? '/profile' };
  if (view.step === 'reset-success') return { seconds: view.countdown, to: view.successTo ?? stepHref(view.returnTo, 'login') };
  return null;
}

/** A timed redirect a route asks of pages without JavaScript (its loader data's `refreshWithoutScript`). */
export interface ScriptlessRefresh {
  seconds: number;
  to: string;
}

/**
 * The refresh a page without JavaScript follows (a finished sign-in flow, a quick purchase to resume):
 * in the document's head, where it is valid, inside <noscript> so a page with JavaScript does the same
 * in place instead.
 */
export function TimedRedirect({ redirect }: { redirect: ScriptlessRefresh | null | undefined }) {
  if (!redirect) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${redirect.seconds};url=${redirect.to}`} />
    </noscript>
  );
}

/** Seconds left of a cooldown that started `initial` seconds ago on the server, ticking with JavaScript. */
export function useCooldown(initial: number): number {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    setLeft(initial);
    if (initial <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, initial - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [initial]);
  return left;
}
