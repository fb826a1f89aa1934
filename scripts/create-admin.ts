/**
 * Creates an administrator, or promotes an existing account (matched by e-mail) to one.
 *
 *   npm run create-admin -- --email ops@example.com --password 'S3cure!pass' [--role admin|super_admin]
 *                           [--level basic|intermediate|full] [--first-name Ada] [--last-name Lovelace]
 *
 * The account ends up verified, with the level's permissions and the given password. Promoting
 * signs the account out everywhere, because its access tokens still carry the old role.
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_LEVELS, isAdminLevel, permissionsForLevel, type AdminLevel } from '@/lib/admin-permissions';
import { PASSWORD_REQUIREMENTS } from '@/lib/password-rules';
import { judgePassword, loadPasswordEstimator, passwordUserInputs } from '@/lib/password-strength';
import { hashPassword } from '../server/auth/passwords';
import { getDb } from '../server/db/client';
import { users } from '../server/db/schema';
import { recordSecurityEvent } from '../server/services/security-log';
import { revokeAllSessions } from '../server/services/sessions';
import { usernameFromEmail } from '../server/services/users';
import { runScript, withScriptDatabase } from './lib/database';

const ROLES = ['admin', 'super_admin'] as const;
type AdminRole = (typeof ROLES)[number];

const USAGE = `Usage: npm run create-admin -- --email <email> --password <password> [--role ${ROLES.join('|')}] [--level ${ADMIN_LEVELS.join('|')}] [--first-name <name>] [--last-name <name>]`;

interface Options {
  email: string;
  password: string;
  role: AdminRole;
  level: AdminLevel;
  firstName?: string;
  lastName?: string;
}

function isRole(value: string): value is AdminRole {
  return (ROLES as readonly string[]).includes(value);
}

/** Parses and checks the arguments; every problem is reported at once. */
async function parseOptions(argv: string[]): Promise<Options> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', default: 'admin' },
        level: { type: 'string', default: 'full' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const text = (key: string) => {
    const value = values[key];
    return typeof value === 'string' ? value.trim() : undefined;
  };

  const problems: string[] = [];
  const email = text('email')?.toLowerCase() ?? '';
  if (!email) problems.push('--email is required.');
  else if (!z.email().safeParse(email).success) problems.push(`--email "${email}" is not a valid e-mail address.`);

  const password = typeof values.password === 'string' ? values.password : '';
  if (!password) problems.push('--password is required.');
  else {
    const missing = PASSWORD_REQUIREMENTS.filter((r) => !r.test(password)).map((r) => r.label.toLowerCase());
    if (missing.length) problems.push(`--password needs: ${missing.join(', ')}.`);
    else {
      const owner = { email, firstName: text('first-name'), lastName: text('last-name') };
      const { message } = judgePassword(await loadPasswordEstimator(), password, passwordUserInputs(owner));
      if (message) problems.push(`--password: ${message}`);
    }
  }

  const role = text('role') ?? 'admin';
  if (!isRole(role)) problems.push(`--role must be one of ${ROLES.join(', ')} (got "${role}").`);
  const level = text('level') ?? 'full';
  if (!isAdminLevel(level)) problems.push(`--level must be one of ${ADMIN_LEVELS.join(', ')} (got "${level}").`);

  if (problems.length || !isRole(role) || !isAdminLevel(level)) throw new Error(`${problems.join('\n')}\n${USAGE}`);
  return { email, password, role, level, firstName: text('first-name') || undefined, lastName: text('last-name') || undefined };
}

runScript(async () => {
  const options = await parseOptions(process.argv.slice(2));
  const passwordHash = await hashPassword(options.password);
  const permissions = permissionsForLevel(options.level);

  await withScriptDatabase(async ({ source }) => {
    const db = getDb();
    const outcome = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, options.email));
      const admin = { role: options.role, adminLevel: options.level, adminPermissions: permissions, isVerified: true, passwordHash };
      if (!existing) {
        const [created] = await tx
          .insert(users)
          .values({
            ...admin,
            email: options.email,
            username: usernameFromEmail(options.email),
            firstName: options.firstName ?? 'Platform',
            lastName: options.lastName ?? 'Admin',
          })
          .returning({ id: users.id });
        if (!created) throw new Error('The account could not be created.');
        await recordSecurityEvent({ userId: created.id, type: 'admin_action', details: `Admin account created from the command line (${options.role}, ${options.level})` }, tx);
        return { action: 'Created', previous: undefined };
      }
      await tx
        .update(users)
        .set({
          ...admin,
          ...(options.firstName ? { firstName: options.firstName } : {}),
          ...(options.lastName ? { lastName: options.lastName } : {}),
          deletedAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id));
      await revokeAllSessions(existing.id, 'Promoted to administrator', tx);
      await recordSecurityEvent(
        { userId: existing.id, type: 'admin_action', details: `Set to ${options.role} (${options.level}) from the command line; password reset, sessions revoked` },
        tx,
      );
      const was = `${existing.role}${existing.adminLevel ? `/${existing.adminLevel}` : ''}${existing.deletedAt ? ', deleted (now restored)' : ''}`;
      return { action: existing.role === 'coach' ? 'Promoted' : 'Updated', previous: was };
    });

    process.stdout.write(
      [
        '',
        `${outcome.action} administrator (database: ${source}).`,
        `  E-mail:      ${options.email}`,
        `  Role:        ${options.role}`,
        `  Level:       ${options.level}`,
        `  Permissions: ${permissions.join(', ')}`,
        ...(outcome.previous ? [`  Previously:  ${outcome.previous}; its password was replaced and its sessions signed out.`] : []),
        '',
      ].join('\n'),
    );
  });
});
