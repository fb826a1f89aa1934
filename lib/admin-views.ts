/**
 * The admin shell's views (product §2.2.4, §2.2.5, decision 0098): every one has a deep link,
 * `/admin-dashboard?tab=<id>`. The ids are the dashboard's tab ids since issue 7; bookmarks keep working.
 */
export const ADMIN_HOME = '/admin-dashboard';
export const ADMIN_VIEW_PARAM = 'tab';
export const ADMIN_PROFILE_VIEW = 'profile';

/** An admin's view's address; the home view needs no parameter. */
export function adminViewHref(id: string): string {
  return `${ADMIN_HOME}?${new URLSearchParams({ [ADMIN_VIEW_PARAM]: id })}`;
}

/**
 * The view to show for a `?tab=` value: the one asked for when this admin may see it, else the first
 * allowed one. An unknown or forbidden id is no error: an old bookmark, or an admin whose level was
 * lowered, still lands somewhere useful. Profile is every admin's own and always allowed.
 */
export function resolveAdminView(requested: string | null | undefined, allowed: readonly string[]): string {
  if (requested === ADMIN_PROFILE_VIEW) return ADMIN_PROFILE_VIEW;
  if (requested && allowed.includes(requested)) return requested;
  return allowed[0] ?? ADMIN_PROFILE_VIEW;
}

/** The coach pages (product §1.2.1); an admin has no coaching data, so none of them is theirs. */
export const COACH_PAGES = ['/dashboard', '/profile', '/settings', '/analytics', '/billing'] as const;

/**
 * Where an admin who opens a coach page goes (decision 0098): their own profile and settings (password,
 * two-factor, sessions, theme) live in the admin shell's Profile view; everything else at its home.
 */
export function adminPlaceFor(path: string): string {
  const own = ['/profile', '/settings'].some((p) => path === p || path.startsWith(`${p}/`));
  return own ? adminViewHref(ADMIN_PROFILE_VIEW) : ADMIN_HOME;
}
