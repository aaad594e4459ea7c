import { useNavigation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';

import type { AuthFlowView } from './auth-flow';
import type { AuthModal as AuthModalComponent } from './auth-modal';
import * as onServer from './auth-modal.server';

/** Set on the server only: the browser build replaces `.server` modules with empty ones. */
const serverModal: typeof AuthModalComponent | undefined = onServer.AuthModal;

let loaded: typeof AuthModalComponent | null = null;
let loading: Promise<typeof AuthModalComponent> | null = null;

/** Fetches the modal's code (the sign-in steps, Conform and zod) once. */
export function preloadAuthModal(): Promise<typeof AuthModalComponent> {
  loading ??= import('./auth-modal').then(
    (module) => (loaded = module.AuthModal),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const DeferredAuthModal = lazy(() => preloadAuthModal().then((AuthModal) => ({ default: AuthModal })));

/**
 * The sign-in modal (ADR 012). The server renders it in the page; in the browser its code is fetched only
 * when a page has it open (before hydration, see entry.client) or a navigation is heading to `?auth=`.
 */
export function LazyAuthModal({ view }: { view: AuthFlowView | null }) {
  const navigation = useNavigation();
  const opening = navigation.location ? new URLSearchParams(navigation.location.search).has('auth') : false;
  useEffect(() => {
    if (opening) preloadAuthModal().catch(() => undefined);
  }, [opening]);
  // The same element while `view` is unchanged, so a re-render never disturbs a boundary still hydrating.
  return useMemo(() => {
    if (!view) return null;
    const Modal = serverModal ?? loaded ?? DeferredAuthModal;
    return (
      <Suspense fallback={null}>
        <Modal view={view} />
      </Suspense>
    );
  }, [view]);
}
