import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { FULL_ADMIN_PERMISSIONS, permissionsForLevel, type AdminLevel } from '@/lib/admin-permissions';
import { hashPassword } from '../../server/auth/passwords';
import { uniqueEmail } from '../helpers/http';
import { GOOD_PASSWORD, registerAndVerify, loginAs, type ApiRequest, type Db, type LoginBody } from './helpers-auth';

let passwordHash: Promise<string> | undefined;
/** One argon2 hash of GOOD_PASSWORD for every account a test inserts directly. */
const goodHash = () => (passwordHash ??= hashPassword(GOOD_PASSWORD));

export interface TestAdmin {
  id: string;
  email: string;
  password: string;
  token: string;
  user: LoginBody['user'];
}

/** An admin account written by SQL (as the create-admin script would), signed in at /admin/login. */
export async function signedInAdmin(request: ApiRequest, db: Db, options: { role?: 'admin' | 'super_admin'; level?: AdminLevel | null } = {}): Promise<TestAdmin> {
  const role = options.role ?? 'super_admin';
  const level = options.level === undefined ? 'full' : options.level;
  const email = uniqueEmail('admin');
  const permissions = level ? permissionsForLevel(level) : [...FULL_ADMIN_PERMISSIONS];
  const [row] = await db<{ id: string }[]>`
    insert into users (email, username, password_hash, first_name, last_name, role, admin_level, admin_permissions, is_verified)
    values (${email}, ${email.split('@')[0]!}, ${await goodHash()}, 'Test', 'Admin', ${role}, ${level}, ${permissions}, true)
    returning id`;
  const res = await request<LoginBody>('POST', '/admin/login', { body: { email, password: GOOD_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: row!.id, email, password: GOOD_PASSWORD, token: res.body.accessToken, user: res.body.user };
}

/** A verified coach signed in through the normal login. */
export async function signedInCoach(request: ApiRequest, outboxDir: string) {
  const account = await registerAndVerify(request, outboxDir);
  const session = await loginAs(request, account.email, account.password);
  return { id: account.user.id, email: account.email, token: session.accessToken };
}

export interface CoachRow {
  id: string;
  email: string;
  username: string;
}

/** A coach written by SQL with a chosen creation time and plan (dataset rows, never signed in). */
export async function insertCoach(db: Db, fields: { createdAt?: Date; plan?: string; firstName?: string; lastName?: string; lastLogin?: Date | null } = {}): Promise<CoachRow> {
  const email = uniqueEmail('coach');
  const username = `c${randomUUID().slice(0, 8)}`;
  const [row] = await db<{ id: string }[]>`
    insert into users (email, username, password_hash, first_name, last_name, role, is_verified, plan_id, created_at, last_login)
    values (${email}, ${username}, ${await goodHash()}, ${fields.firstName ?? 'Data'}, ${fields.lastName ?? 'Coach'}, 'coach', true,
            ${fields.plan ?? 'free'}, ${fields.createdAt ?? new Date()}, ${fields.lastLogin ?? null})
    returning id`;
  return { id: row!.id, email, username };
}

/**
 * Reads a global figure from SQL right before and right after the API call and accepts the answer
 * only when nothing changed in between (other test files write to the same database at the same
 * time); then the answer must equal the SQL figure exactly.
 */
export async function whenStable<A, E>(fromSql: () => Promise<E>, fromApi: () => Promise<A>, check: (answer: A, expected: E) => void): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const before = await fromSql();
    const answer = await fromApi();
    const after = await fromSql();
    if (JSON.stringify(before) === JSON.stringify(after)) {
      check(answer, before);
      return;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('the figures kept changing while they were read');
}

export const TIMEZONE_UTC = 'UTC';
