import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { getDb } from './db/client';
import { users } from './db/schema';
import { hashPassword } from './auth/passwords';
import { log } from './log';
import { usernameFromEmail } from './services/users';
import { FULL_ADMIN_PERMISSIONS } from '@/lib/admin-permissions';
import { judgePassword, loadPasswordEstimator, passwordUserInputs } from '@/lib/password-strength';

/** Admin levels map to permission sets (product §2.6); the sets live in lib/admin-permissions. */
export { FULL_ADMIN_PERMISSIONS };

/**
 * Creates the first admin when no admin exists. Without ADMIN_PASSWORD a strong one is generated
 * and printed once; it is never stored anywhere but as a hash.
 */
export async function ensureFirstAdmin(email: string, password: string | undefined): Promise<void> {
  const db = getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(inArray(users.role, ['admin', 'super_admin'])).limit(1);
  if (existing) return;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (taken) {
    log.warn({ email }, 'ADMIN_EMAIL belongs to an existing non-admin account; no admin was created');
    return;
  }
  if (password) {
    // The same bar as every other password set in the product; a weak one stops the start, named.
    const { message } = judgePassword(await loadPasswordEstimator(), password, passwordUserInputs({ email }));
    if (message) throw new Error(`ADMIN_PASSWORD: ${message}`);
  }
  const chosen = password ?? `${randomBytes(12).toString('base64url')}!9a`;
  await db.insert(users).values({
    email: email.toLowerCase(),
    username: usernameFromEmail(email),
    firstName: 'Platform',
    lastName: 'Admin',
    passwordHash: await hashPassword(chosen),
    role: 'super_admin',
    adminLevel: 'full',
    adminPermissions: [...FULL_ADMIN_PERMISSIONS],
    isVerified: true,
  });
  if (password) {
    log.info({ email }, 'first admin created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    process.stdout.write(`\n  First admin created: ${email}\n  Generated password (shown once): ${chosen}\n\n`);
  }
}
