import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { DEFAULT_APPEARANCE_PREFERENCES, DEFAULT_NOTIFICATION_PREFERENCES, DEFAULT_MESSAGE_SIGNATURE, EMPTY_COACHING_SURVEY } from '@/lib/preferences';
import type { PublicUser } from '@/lib/schemas/account';
import { getDb, type Executor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { users, type User } from '../db/schema';

type UserLike = Omit<User, 'passwordHash'>;

/** A coach's phone receives notification SMS only once proven, and only the very number proven. */
export function isPhoneVerified(user: Pick<User, 'phone' | 'verifiedPhone'>): boolean {
  return Boolean(user.phone) && user.verifiedPhone === user.phone;
}

/** The user object of product §1.3 (lib/schemas/account publicUserSchema). */
export function toPublicUser(user: UserLike): PublicUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    phoneVerified: isPhoneVerified(user),
    timezone: user.timezone,
    isVerified: user.isVerified,
    title: user.title,
    company: user.company,
    location: user.location,
    profilePic: user.profilePic,
    adminLevel: user.adminLevel,
    adminPermissions: user.adminPermissions,
    plan: user.planId,
    twoFactorEnabled: user.twoFactorEnabled,
    coachingSurvey: { ...EMPTY_COACHING_SURVEY, ...user.coachingSurvey, signature: user.coachingSurvey?.signature ?? DEFAULT_MESSAGE_SIGNATURE },
    notificationPreferences: user.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES,
    appearancePreferences: user.appearancePreferences ?? DEFAULT_APPEARANCE_PREFERENCES,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}
export type { PublicUser };

const hasActiveEmail = (email: Placeholder | string) => and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt));

/** Read on every sign-in, reset and verification request, outside any transaction. */
const activeUserByEmail = preparedQuery((db) => db.select().from(users).where(hasActiveEmail(sql.placeholder('email'))).limit(1).prepare('active_user_by_email'));

/** The live account of an address, in `db`'s transaction when one is given. */
export async function findActiveUserByEmail(email: string, db?: Executor): Promise<User | undefined> {
  const lowered = email.toLowerCase();
  const [user] = db ? await db.select().from(users).where(hasActiveEmail(lowered)).limit(1) : await activeUserByEmail().execute({ email: lowered });
  return user;
}

export async function findActiveUserById(id: string, db: Executor = getDb()): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

/** A readable handle from the e-mail's local part; it needs not be unique (e-mail is the identity). */
export function usernameFromEmail(email: string): string {
  return email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40) || 'coach';
}
