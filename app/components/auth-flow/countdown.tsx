import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';

/**
 * Counts down and then goes to `to`. Without JavaScript a refresh in <noscript> does the same;
 * with it the page counts live and navigates in place.
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
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
      </noscript>
      <p className="auth-countdown" aria-live="polite">
        {render(left)}
      </p>
    </>
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
