/**
 * Administrator accounts (product §2.7 Administrator): the admin list, Admin Management's system
 * statistics and recent activity, creating, editing and deleting admins, and the signed-in admin's
 * own profile and password. Every change is written to the audit log in its transaction.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_LEVEL_DESCRIPTIONS,
  ADMIN_PERMISSION_DESCRIPTIONS,
  ADMIN_PERMISSIONS,
  effectivePermissions,
  permissionsForLevel,
  type AdminLevel,
} from '@/lib/admin-permissions';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@/lib/constants';
import type { AdminProfileInput, CreateAdminInput, UpdateAdminInput } from '@/lib/schemas/admin';
import { z } from 'zod';
import { getDb } from '../db/client';
import { queryRows } from '../db/query-rows';
import { reportUserRow } from './reporting/rows';
import { users, type User } from '../db/schema';
import type { AuthUser } from '../auth/guards';
import { hashPassword } from '../auth/passwords';
import { AppError, conflict, forbidden } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import * as account from './account';
import { detachAuditTrail, recordAdminAction } from './admin-audit';
import { COACHES, displayName } from './admin-usage';
import { assertStrongPassword } from './password-policy';
import { findActiveUserByEmail } from './users';

const ADMIN_ROLES_SQL = inArray(users.role, ['admin', 'super_admin']);

/** An admin as the Admins tab and Admin Management show it (product §2.3 Admin user). */
export function toAdminView(user: Omit<User, 'passwordHash'>) {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: displayName({ first_name: user.firstName, last_name: user.lastName, username: user.username }),
    phone: user.phone,
    role: user.role,
    adminLevel: user.adminLevel ?? 'full',
    adminPermissions: effectivePermissions(user),
    isVerified: user.isVerified,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}
export type AdminView = ReturnType<typeof toAdminView>;

/** GET /users/admins. */
export async function listAdmins(): Promise<AdminView[]> {
  const found = await getDb()
    .select()
    .from(users)
    .where(and(ADMIN_ROLES_SQL, isNull(users.deletedAt)))
    .orderBy(users.createdAt, users.id);
  return found.map(toAdminView);
}

const systemRow = z.object({
  total_users: z.number(),
  total_admins: z.number(),
  total_clients: z.number(),
  total_goals: z.number(),
  total_check_ins: z.number(),
});
const latestClientRow = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
  coach_id: z.string().nullable(),
  coach_username: z.string().nullable(),
});

/** GET /admin/management: admins, system statistics and the latest users and clients. */
export async function management() {
  const limit = ADMIN_LIMITS.recentActivity;
  const [admins, [system], latestUsers, latestClients] = await Promise.all([
    listAdmins(),
    queryRows(
      systemRow,
      sql`
      select
        (select count(*)::int from users where ${COACHES}) as total_users,
        (select count(*)::int from users where role in ('admin', 'super_admin') and deleted_at is null) as total_admins,
        (select count(*)::int from clients) as total_clients,
        (select count(*)::int from goals) as total_goals,
        (select count(*)::int from check_ins where sent_at is not null) as total_check_ins`,
    ),
    queryRows(
      reportUserRow,
      sql`
      select id, username, first_name, last_name, email, plan_id, created_at from users
      where ${COACHES} order by created_at desc, id limit ${limit}`,
    ),
    queryRows(
      latestClientRow,
      sql`
      select c.id, c.first_name, c.last_name, c.email, c.created_at, u.id as coach_id, u.username as coach_username
      from clients c left join users u on u.id = c.coach_id and u.deleted_at is null
      order by c.created_at desc, c.id limit ${limit}`,
    ),
  ]);
  const s = system!;
  return {
    admins,
    systemStats: {
      totalUsers: s.total_users,
      totalAdmins: s.total_admins,
      totalClients: s.total_clients,
      totalGoals: s.total_goals,
      totalCheckIns: s.total_check_ins,
    },
    recentActivity: {
      latestUsers: latestUsers.map((u) => ({
        _id: u.id,
        id: u.id,
        name: displayName(u) ?? u.email,
        username: u.username,
        email: u.email,
        plan: u.plan_id,
        createdAt: new Date(u.created_at).toISOString(),
      })),
      latestClients: latestClients.map((c) => ({
        _id: c.id,
        id: c.id,
        name: `${c.first_name} ${c.last_name}`.trim(),
        email: c.email,
        coach: c.coach_id ? { _id: c.coach_id, id: c.coach_id, username: c.coach_username } : null,
        createdAt: new Date(c.created_at).toISOString(),
      })),
    },
  };
}

/** Only a super admin may create, change or delete a super admin account. */
function assertMayTouchRole(actor: AuthUser, ...roles: (string | undefined)[]): void {
  if (actor.role !== 'super_admin' && roles.includes('super_admin')) throw forbidden(ADMIN_MESSAGES.superAdminOnly, 'SUPER_ADMIN_ONLY');
}

async function assertEmailFree(email: string, exceptId?: string): Promise<void> {
  const [taken] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (taken && taken.id !== exceptId) throw conflict('An account with this email already exists', 'email');
}

/** POST /admin/users. */
export async function createAdmin(actor: AuthUser, input: CreateAdminInput, info: RequestInfo) {
  assertMayTouchRole(actor, input.role);
  await assertStrongPassword(input.password, input);
  await assertEmailFree(input.email);
  const passwordHash = await hashPassword(input.password);
  const admin = await getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        role: input.role,
        adminLevel: input.adminLevel,
        adminPermissions: permissionsForLevel(input.adminLevel),
        isVerified: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict('An account with this email already exists', 'email');
    await recordAdminAction(actor, `Created ${input.role} account ${input.email} (level ${input.adminLevel})`, info, tx);
    return created;
  });
  return toAdminView(admin);
}

async function findAdmin(id: string): Promise<User> {
  const [found] = await getDb()
    .select()
    .from(users)
    .where(and(eq(users.id, id), ADMIN_ROLES_SQL, isNull(users.deletedAt)))
    .limit(1);
  if (!found) throw new AppError(404, 'NOT_FOUND', 'Admin not found');
  return found;
}

/** PUT /admin/users/{id}: names, e-mail, phone, role and level of another admin. */
export async function updateAdmin(actor: AuthUser, id: string, input: UpdateAdminInput, info: RequestInfo) {
  const target = await findAdmin(id);
  const roleChanges = input.role !== undefined && input.role !== target.role;
  const levelChanges = input.adminLevel !== undefined && input.adminLevel !== (target.adminLevel ?? 'full');
  if (target.id === actor.id && (roleChanges || levelChanges)) throw new AppError(400, 'CANNOT_CHANGE_OWN_ACCESS', ADMIN_MESSAGES.cannotChangeOwnAccess);
  assertMayTouchRole(actor, target.role, input.role);
  if (input.email && input.email !== target.email.toLowerCase()) await assertEmailFree(input.email, target.id);

  const level: AdminLevel | undefined = levelChanges ? input.adminLevel : undefined;
  const changes = {
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    // Another number is unproven: no notification SMS reaches it until its owner verifies it.
    ...(input.phone !== undefined ? { phone: input.phone, ...(input.phone !== target.phone ? { verifiedPhone: null } : {}) } : {}),
    ...(roleChanges ? { role: input.role } : {}),
    ...(level ? { adminLevel: level, adminPermissions: permissionsForLevel(level) } : {}),
  };
  const described = Object.entries(changes)
    .filter(([key]) => key !== 'adminPermissions' && key !== 'verifiedPhone')
    .map(([key, value]) => `${key} ${key === 'email' || key === 'role' || key === 'adminLevel' ? `→ ${String(value)}` : 'changed'}`)
    .join(', ');
  const updated = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, target.id))
      .returning();
    await recordAdminAction(actor, `Updated admin ${target.email}: ${described || 'no changes'}`, info, tx);
    return row!;
  });
  return toAdminView(updated);
}

/** DELETE /admin/users/{id}: any admin but oneself. */
export async function deleteAdmin(actor: AuthUser, id: string, info: RequestInfo): Promise<void> {
  if (id === actor.id) throw new AppError(400, 'CANNOT_DELETE_SELF', ADMIN_MESSAGES.cannotDeleteSelf);
  const target = await findAdmin(id);
  assertMayTouchRole(actor, target.role);
  await getDb().transaction(async (tx) => {
    await detachAuditTrail({ id: target.id, email: target.email }, tx);
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAdminAction(actor, `Deleted ${target.role} account ${target.email}`, info, tx);
  });
}

/** GET /admin/profile: the signed-in admin with their level and permission table. */
export function adminProfile(user: AuthUser) {
  const granted = new Set(effectivePermissions(user));
  const level: AdminLevel = user.role === 'super_admin' ? 'full' : (user.adminLevel ?? 'full');
  return {
    user: toAdminView(user),
    adminLevel: level,
    adminLevelDescription: ADMIN_LEVEL_DESCRIPTIONS[level],
    permissions: ADMIN_PERMISSIONS.map((permission) => ({
      permission,
      description: ADMIN_PERMISSION_DESCRIPTIONS[permission],
      granted: granted.has(permission),
    })),
  };
}

/** PUT /admin/profile: as the coach's profile update, so a new e-mail address is confirmed from that address. */
export async function updateAdminProfile(user: AuthUser, input: AdminProfileInput, info: RequestInfo) {
  if (input.email !== user.email.toLowerCase()) {
    const other = await findActiveUserByEmail(input.email);
    if (other && other.id !== user.id) throw conflict('An account with this email already exists', 'email');
  }
  const result = await account.updateProfile(
    user,
    {
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      currentPassword: input.currentPassword,
      // Not on the admin form: kept as they are.
      title: user.title,
      company: user.company,
      location: user.location,
    },
    info,
  );
  return { message: result.pendingEmail ? result.message : ADMIN_MESSAGES.profileUpdated, pendingEmail: result.pendingEmail, user: result.user };
}

/** PUT /admin/password: the number of the admin's other sessions, which stay signed in. */
export async function changeAdminPassword(user: AuthUser, currentPassword: string, newPassword: string, info: RequestInfo) {
  const result = await account.changePassword(user, currentPassword, newPassword, info);
  return { otherSessions: result.otherSessions };
}
