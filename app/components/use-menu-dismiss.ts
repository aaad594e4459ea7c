import { useLocation } from '@remix-run/react';
import { type RefObject, useEffect, useRef } from 'react';

const OPEN_MENUS = 'details[data-menu][open]';

function close(menu: HTMLDetailsElement, focusSummary: boolean) {
  menu.open = false;
  if (focusSummary) menu.querySelector('summary')?.focus();
}

/**
 * With JavaScript, the `<details>` menus inside `container` also close with Escape (focus goes back
 * to their button), with a click or tap outside them, and after a navigation. Without JavaScript
 * they still open and close with their summary.
 */
export function useMenuDismiss(container: RefObject<HTMLElement>) {
  const location = useLocation();
  // The location the page was drawn at: a menu opened before the page hydrated stays open.
  const shownAt = useRef(location.key);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const open = [...root.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)];
      // The innermost open menu holding focus closes first; otherwise every open menu does.
      const focused = open.filter((menu) => menu.contains(document.activeElement)).pop();
      for (const menu of focused ? [focused] : open) close(menu, true);
    };
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of root.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)) {
        if (!menu.contains(event.target as Node)) close(menu, false);
      }
    };
    // Opening one menu closes the others.
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLElement;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.matches('[data-menu]')) return;
      for (const menu of root.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)) {
        if (menu !== opened && !menu.contains(opened)) close(menu, false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    root.addEventListener('toggle', onToggle, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('toggle', onToggle, true);
    };
  }, [container]);

  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    for (const menu of container.current?.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS) ?? []) close(menu, false);
  }, [container, location.key]);
}
