// "Replace the route with notFound" (SPEC.md sections 2 and 8): the address stays, the page becomes the
// Not found screen, and no history entry is added. The router shows NotFound while the path is marked.
import { proxy } from 'valtio';
import { appPathname } from '../config/appBase';

export const notFoundState = proxy<{ path: string | null }>({ path: null });

/** The key a page is marked under: app path and query (the hash only selects within a page). */
export function pageKey(location: { pathname: string; search: string } = window.location): string {
  return `${appPathname(location.pathname)}${location.search}`;
}

/** Shows the Not found screen in place of the current page. */
export function showNotFound(): void {
  notFoundState.path = pageKey();
}

export function clearNotFound(): void {
  notFoundState.path = null;
}
