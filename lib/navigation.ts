/**
 * A full page load rather than a client-side route change: after sign-out every in-memory cache
 * must go, and the proxy must see the cleared cookies.
 */
export function reloadTo(path: string): void {
  window.location.assign(new URL(path, window.location.origin));
}
