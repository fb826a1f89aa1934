/**
 * Admin levels and the permissions each grants (spec 02 §6). Shared by the first-admin bootstrap,
 * the create-admin script and, later, the admin management screens.
 */
export const ADMIN_LEVELS = ['basic', 'intermediate', 'full'] as const;
export type AdminLevel = (typeof ADMIN_LEVELS)[number];

/** `full` holds every permission. */
export const FULL_ADMIN_PERMISSIONS: readonly string[] = ['view_usage', 'view_revenue', 'manage_users', 'manage_admins', 'manage_billing'];

export const ADMIN_LEVEL_PERMISSIONS: Readonly<Record<AdminLevel, readonly string[]>> = {
  basic: ['view_usage'],
  intermediate: ['view_usage', 'view_revenue', 'manage_users'],
  full: FULL_ADMIN_PERMISSIONS,
};

export function isAdminLevel(value: string): value is AdminLevel {
  return (ADMIN_LEVELS as readonly string[]).includes(value);
}

/** A fresh, mutable copy for writing into the users.admin_permissions column. */
export function permissionsForLevel(level: AdminLevel): string[] {
  return [...ADMIN_LEVEL_PERMISSIONS[level]];
}
