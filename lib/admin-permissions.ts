/**
 * Admin levels and the permissions each grants (spec 02 §6). Shared by the first-admin bootstrap,
 * the create-admin script and, later, the admin management screens.
 */
export const ADMIN_LEVELS = ['basic', 'intermediate', 'full'] as const;
export type AdminLevel = (typeof ADMIN_LEVELS)[number];

/** The permissions of spec 02 §6. */
export const ADMIN_PERMISSIONS = [
  'admin:manage_users',
  'admin:manage_coaches',
  'admin:manage_clients',
  'admin:view_analytics',
  'admin:manage_analytics',
  'admin:system_settings',
  'admin:api_management',
  'admin:view_billing',
  'admin:manage_billing',
  'admin:full_access',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** `full` holds every permission; role admin and super_admin are always treated as full. */
export const FULL_ADMIN_PERMISSIONS: readonly AdminPermission[] = ADMIN_PERMISSIONS;

export const ADMIN_LEVEL_PERMISSIONS: Readonly<Record<AdminLevel, readonly AdminPermission[]>> = {
  basic: ['admin:view_analytics', 'admin:view_billing'],
  intermediate: ['admin:view_analytics', 'admin:view_billing', 'admin:manage_users', 'admin:manage_coaches', 'admin:manage_clients', 'admin:api_management'],
  full: FULL_ADMIN_PERMISSIONS,
};

export function isAdminLevel(value: string): value is AdminLevel {
  return (ADMIN_LEVELS as readonly string[]).includes(value);
}

/** A fresh, mutable copy for writing into the users.admin_permissions column. */
export function permissionsForLevel(level: AdminLevel): string[] {
  return [...ADMIN_LEVEL_PERMISSIONS[level]];
}
