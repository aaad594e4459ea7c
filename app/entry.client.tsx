import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { preloadAuthModal } from './components/auth-flow/lazy-auth-modal';

/** A page the server drew with the sign-in modal open hydrates once the modal's code is here. */
const modalReady = document.querySelector('.auth-modal') ? preloadAuthModal().catch(() => undefined) : Promise.resolve();

modalReady.then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
