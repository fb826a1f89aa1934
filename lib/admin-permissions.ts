/**
 * Admin levels and the permissions each grants (product §2.6). Shared by the first-admin bootstrap,
 * the create-admin script, the route wrapper (server-side enforcement) and the admin screens.
 */
export const ADMIN_LEVELS = ['basic', 'intermediate', 'full'] as const;
export type AdminLevel = (typeof ADMIN_LEVELS)[number];

export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The permissions of product §2.6. */
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

/** `full` holds every permission; role super_admin is always treated as full. */
export const FULL_ADMIN_PERMISSIONS: readonly AdminPermission[] = ADMIN_PERMISSIONS;

export const ADMIN_LEVEL_PERMISSIONS: Readonly<Record<AdminLevel, readonly AdminPermission[]>> = {
  basic: ['admin:view_analytics', 'admin:view_billing'],
  intermediate: ['admin:view_analytics', 'admin:view_billing', 'admin:manage_users', 'admin:manage_coaches', 'admin:manage_clients', 'admin:api_management'],
  full: FULL_ADMIN_PERMISSIONS,
};

/** Product §2.6 level descriptions. */
export const ADMIN_LEVEL_DESCRIPTIONS: Readonly<Record<AdminLevel, string>> = {
  basic: 'Basic administrative access with limited permissions',
  intermediate: 'Intermediate access with expanded permissions',
  full: 'Complete administrative access with all system permissions and full control over the platform',
};

/** Product §2.6 names the permissions but not their descriptions; these are Cadence's. */
export const ADMIN_PERMISSION_DESCRIPTIONS: Readonly<Record<AdminPermission, string>> = {
  'admin:manage_users': 'See accounts and the admin list, recent sign-ups and the admin audit log',
  'admin:manage_coaches': 'Manage coach accounts',
  'admin:manage_clients': 'Manage the clients of any coach',
  'admin:view_analytics': 'View API usage, cost, error and platform statistics',
  'admin:manage_analytics': 'Configure analytics and reporting',
  'admin:system_settings': 'Change system-wide settings',
  'admin:api_management': 'Manage external service integrations and keys',
  'admin:view_billing': 'View revenue, subscriptions and transactions',
  'admin:manage_billing': 'Refund transactions and change any user’s plan',
  'admin:full_access': 'Create, edit and delete administrator accounts; every other permission',
};

export function isAdminLevel(value: string): value is AdminLevel {
  return (ADMIN_LEVELS as readonly string[]).includes(value);
}

export function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

/** A fresh, mutable copy for writing into the users.admin_permissions column. */
export function permissionsForLevel(level: AdminLevel): string[] {
  return [...ADMIN_LEVEL_PERMISSIONS[level]];
}

export interface AdminLike {
  role: string;
  adminLevel?: string | null;
  adminPermissions?: readonly string[] | null;
}

/**
 * What an account may do (decision 0029). A coach: nothing. A super_admin, an
 * admin at level full, an admin with no level (product §2.6: "role admin is treated as full") or one
 * holding admin:full_access: everything. An admin at level basic or intermediate: that level's set
 * plus any permission granted to the account individually.
 */
export function effectivePermissions(user: AdminLike): AdminPermission[] {
  if (!isAdminRole(user.role)) return [];
  const granted = (user.adminPermissions ?? []).filter((p): p is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(p));
  const level = user.adminLevel ?? 'full';
  if (user.role === 'super_admin' || level === 'full' || !isAdminLevel(level) || granted.includes('admin:full_access')) return [...ADMIN_PERMISSIONS];
  const set = new Set<AdminPermission>([...ADMIN_LEVEL_PERMISSIONS[level], ...granted]);
  return ADMIN_PERMISSIONS.filter((p) => set.has(p));
}

export function hasAdminPermission(user: AdminLike, permission: AdminPermission): boolean {
  return effectivePermissions(user).includes(permission);
}

/** The permission each admin capability needs; the server enforces these, the screens hide what is not allowed. */
export const ADMIN_ENDPOINT_PERMISSIONS = {
  viewUsage: 'admin:view_analytics',
  viewPlatform: 'admin:view_analytics',
  viewAdmins: 'admin:manage_users',
  viewAuditLog: 'admin:manage_users',
  manageAdmins: 'admin:full_access',
  viewBilling: 'admin:view_billing',
  manageBilling: 'admin:manage_billing',
  /** Announcements reach every coach who opted in: a system-wide action (decision 0092). */
  sendAnnouncements: 'admin:system_settings',
} as const satisfies Record<string, AdminPermission>;
