import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { preloadAuthModal } from './components/auth-flow/lazy-auth-modal';
import { missingMessageScripts } from './lib/i18n';

/** A page the server drew with the sign-in modal open hydrates once the modal's code is here. */
const modalReady = document.querySelector('.auth-modal') ? preloadAuthModal().catch(() => undefined) : Promise.resolve();

/** A words script that did not arrive (ADR 080) is asked for once more: the page must hydrate with the words it was drawn with. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = script.onerror = () => resolve();
    document.head.append(script);
  });
}
const remixContext = (window as { __remixContext?: { state?: { loaderData?: Record<string, unknown> } } }).__remixContext;
const wordsReady = Promise.all(missingMessageScripts(remixContext?.state?.loaderData).map(loadScript));

Promise.all([modalReady, wordsReady]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
