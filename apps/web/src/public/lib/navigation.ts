import { type MouseEvent, useSyncExternalStore } from 'react';

/**
 * The public pages' whole router: two paths (/adopta and /adopta/{id}) read from `location`, changed with
 * the History API. A staff-app router would cost more than these pages' own code.
 */
const CHANGE = 'refugio:navigate';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query, re-rendering on navigation. */
export function useLocation(): URL {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return new URL(href, window.location.origin);
}

export function navigate(to: string, options: { replace?: boolean; keepScroll?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(CHANGE));
  if (!options.keepScroll) window.scrollTo(0, 0);
}

/** For `<a href onClick={followLink}>`: a plain click navigates in place; a modified click opens a tab as usual. */
export function followLink(event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/adopta');
}

export type PublicRoute = { page: 'catalogue' } | { page: 'pet'; id: number } | { page: 'not-found' };

export function matchRoute(pathname: string): PublicRoute {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/adopta') return { page: 'catalogue' };
  const match = /^\/adopta\/(\d{1,9})$/.exec(path);
  if (match && Number(match[1]) > 0) return { page: 'pet', id: Number(match[1]) };
  return { page: 'not-found' };
}
