import { PrefetchPageLinks, useNavigate } from '@remix-run/react';
import { createContext, type FocusEvent, type MouseEvent, type ReactNode, useContext, useRef, useState } from 'react';

import { DEFAULT_LOCALE, type Locale, localizedPath } from '~/lib/i18n';

/**
 * The shop's link to one of its own pages (an absolute path such as `/cart` or `/?page=2`), for
 * the links every page repeats: the header, the footer, the product grid (ADR 040).
 *
 * It is a plain `<a href>`, so it works without JavaScript. With JavaScript, a click navigates in
 * the app as Remix's `<Link>` does, and `prefetch="intent"` loads the page's data and modules once
 * the pointer rests on it or it takes focus. Remix's `<Link>` resolves its path against the route
 * tree twice per render; these paths are absolute already, and one page of the grid renders dozens.
 */
type Navigate = ReturnType<typeof useNavigate>;

const NavigateContext = createContext<Navigate | null>(null);
const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Gives the links under it the router's navigate, read once per page, not once per link, and the
 * page's language: a link on an Italian page stays under /it (ADR 046).
 */
export function LinkNavigation({ children, locale = DEFAULT_LOCALE }: { children: ReactNode; locale?: Locale }) {
  return (
    <LocaleContext.Provider value={locale}>
      <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>
    </LocaleContext.Provider>
  );
}

/** A shop path in the page's language: `/cart` on an Italian page is `/it/cart`. */
export function useLocalizedPath(): (to: string) => string {
  const locale = useContext(LocaleContext);
  return (to) => localizedPath(to, locale);
}

export interface ShopLinkProps {
  /** An absolute path of the shop, with its query and hash if any. */
  to: string;
  children?: ReactNode;
  className?: string;
  rel?: string;
  'aria-label'?: string;
  'aria-current'?: 'page';
  'aria-disabled'?: boolean;
  /** `intent`: load the page's data and modules when the pointer rests on the link or it takes focus. */
  prefetch?: 'none' | 'intent';
  replace?: boolean;
  preventScrollReset?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  onFocus?: (event: FocusEvent<HTMLAnchorElement>) => void;
}

/** How long the pointer rests on a link before its page is prefetched (as with Remix's `<Link>`). */
const INTENT_DELAY_MS = 100;

/** A click the browser handles itself: another tab or window, a modified click. */
function isBrowserClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * The props are named one by one rather than passed on with `...rest`: an object rest costs about
 * a microsecond per element on the server, and these links are the page's most numerous elements.
 */
export function ShopLink(props: ShopLinkProps) {
  const { prefetch, onFocus } = props;
  const locale = useContext(LocaleContext);
  const to = locale === DEFAULT_LOCALE ? props.to : localizedPath(props.to, locale);
  const navigate = useContext(NavigateContext);
  const [prefetching, setPrefetching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const intent = prefetch === 'intent' && !prefetching;
  const start = () => {
    if (timer.current === undefined) timer.current = setTimeout(() => setPrefetching(true), INTENT_DELAY_MS);
  };
  const stop = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const anchor = (
    <a
      href={to}
      className={props.className}
      rel={props.rel}
      aria-label={props['aria-label']}
      aria-current={props['aria-current']}
      aria-disabled={props['aria-disabled']}
      onClick={(event) => {
        props.onClick?.(event);
        if (!navigate || isBrowserClick(event)) return;
        event.preventDefault();
        // A link to the page one is on replaces its history entry rather than adding one, as <Link>'s does.
        const same = new URL(to, window.location.href).href === window.location.href;
        navigate(to, { replace: props.replace ?? same, preventScrollReset: props.preventScrollReset });
      }}
      onFocus={
        intent
          ? (event) => {
              onFocus?.(event);
              start();
            }
          : onFocus
      }
      onBlur={intent ? stop : undefined}
      onMouseEnter={intent ? start : undefined}
      onMouseLeave={intent ? stop : undefined}
      onTouchStart={intent ? start : undefined}
    >
      {props.children}
    </a>
  );
  // Always the same shape, so the link (and its focus) stays when the prefetch links join it.
  return (
    <>
      {anchor}
      {prefetching ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
}
