import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { DATA_EXPORT_LIFETIME_MS } from '@/lib/constants';
import { config } from '../config';
import { getDb, getSql, type Executor } from '../db/client';
import { dataExports } from '../db/schema';
import type { AuthUser } from '../auth/guards';
import { AppError } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { enqueue } from '../jobs/queue';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { dataExportEmail } from './auth-emails';
import { hitRateLimit, RATE_LIMITS } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { findActiveUserById, toPublicUser } from './users';

export const DATA_EXPORT_QUEUE = 'data-export';

function exportsDir(): string {
  return path.resolve(config().DATA_DIR, 'exports');
}

/** Each section is read in batches with a cursor and written as it comes, so memory stays flat. */
const SECTIONS: { name: string; query: string }[] = [
  { name: 'clients', query: 'select * from clients where coach_id = $1 order by created_at' },
  { name: 'goals', query: 'select * from goals where coach_id = $1 order by created_at' },
  { name: 'milestones', query: 'select m.* from milestones m join goals g on g.id = m.goal_id where g.coach_id = $1 order by m.goal_id, m.position' },
  { name: 'goalVersions', query: 'select v.* from goal_versions v join goals g on g.id = v.goal_id where g.coach_id = $1 order by v.version_date' },
  { name: 'goalProgress', query: 'select p.* from goal_progress_history p join goals g on g.id = p.goal_id where g.coach_id = $1 order by p.created_at' },
  { name: 'schedules', query: 'select * from schedules where coach_id = $1 order by created_at' },
  { name: 'checkIns', query: 'select * from check_ins where coach_id = $1 order by created_at' },
  { name: 'clientMessages', query: 'select * from client_messages where coach_id = $1 order by created_at' },
  { name: 'subscriptions', query: 'select * from subscriptions where user_id = $1 order by created_at' },
  { name: 'transactions', query: 'select id, date, description, amount_cents, currency, status, plan_id from transactions where user_id = $1 order by date' },
  { name: 'securityLog', query: 'select created_at, type, details, success, ip from security_log where user_id = $1 order by created_at' },
];

async function writeExport(userId: string, file: string): Promise<number> {
  const user = await findActiveUserById(userId);
  if (!user) throw new Error('account no longer exists');
  const out = fs.createWriteStream(file);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(`{"exportedAt":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(toPublicUser(user))}`);
  const client = getSql();
  for (const section of SECTIONS) {
    await write(`,${JSON.stringify(section.name)}:[`);
    let first = true;
    for await (const rows of client.unsafe(section.query, [userId]).cursor(500)) {
      for (const row of rows) {
        await write(`${first ? '' : ','}${JSON.stringify(row)}`);
        first = false;
      }
    }
    await write(']');
  }
  await write('}\n');
  out.end();
  await once(out, 'finish');
  return fs.statSync(file).size;
}

/** The job: writes the file, marks the export ready and e-mails the download link. */
export async function runDataExport({ exportId }: { exportId: string }): Promise<void> {
  const db = getDb();
  const [job] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (!job || job.status !== 'pending') return;
  fs.mkdirSync(exportsDir(), { recursive: true });
  const fileName = `${exportId}.json`;
  try {
    const sizeBytes = await writeExport(job.userId, path.join(exportsDir(), fileName));
    await db.update(dataExports).set({ status: 'ready', fileName, sizeBytes, completedAt: sql`now()` }).where(eq(dataExports.id, exportId));
    const user = await findActiveUserById(job.userId);
    if (user) {
      const link = `${config().appUrl}/api/users/data/exports/${exportId}/download`;
      await sendEmail({ to: user.email, ...dataExportEmail(user.firstName, link) }, user.id);
    }
  } catch (error) {
    log.error({ err: error, exportId }, 'data export failed');
    await db.update(dataExports).set({ status: 'failed', error: error instanceof Error ? error.message : String(error) }).where(eq(dataExports.id, exportId));
  }
}

export async function requestDataExport(user: AuthUser, info: RequestInfo) {
  await hitRateLimit(RATE_LIMITS.dataExportUser, user.id);
  const [created] = await getDb()
    .insert(dataExports)
    .values({ userId: user.id, expiresAt: new Date(Date.now() + DATA_EXPORT_LIFETIME_MS) })
    .returning();
  await enqueue(DATA_EXPORT_QUEUE, { exportId: created!.id }, runDataExport);
  await recordSecurityEvent({ userId: user.id, type: 'data_export', details: 'Data export requested', ip: info.ip, userAgent: info.userAgent });
  return { id: created!.id, status: created!.status, createdAt: created!.createdAt };
}

export async function listDataExports(userId: string) {
  const rows = await getDb()
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, sql`now()`)))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    sizeBytes: r.sizeBytes,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    downloadUrl: r.status === 'ready' ? `/api/users/data/exports/${r.id}/download` : null,
  }));
}

/** The file of one of the user's own, unexpired exports. */
export async function exportFile(userId: string, exportId: string): Promise<{ path: string; name: string; size: number }> {
  const [row] = await getDb()
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId), gt(dataExports.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Export not found');
  if (row.status !== 'ready' || !row.fileName) throw new AppError(409, 'NOT_READY', 'This export is not ready yet');
  const file = path.join(exportsDir(), row.fileName);
  if (!fs.existsSync(file)) throw new AppError(404, 'NOT_FOUND', 'Export not found');
  return { path: file, name: `cadence-export-${row.createdAt.toISOString().slice(0, 10)}.json`, size: fs.statSync(file).size };
}

/**
 * Account deletion: the user's export rows go (inside the caller's transaction) and the answer
 * removes their files once that transaction has committed; no row would be left to find them by.
 */
export async function deleteDataExportsOf(userId: string, db: Executor): Promise<() => void> {
  const rows = await db.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ fileName: dataExports.fileName });
  return () => {
    for (const row of rows) if (row.fileName) fs.rmSync(path.join(exportsDir(), row.fileName), { force: true });
  };
}

/** Maintenance: expired export files and rows go. */
export async function removeExpiredExports(): Promise<void> {
  const rows = await getDb().delete(dataExports).where(sql`${dataExports.expiresAt} < now()`).returning({ fileName: dataExports.fileName });
  for (const row of rows) if (row.fileName) fs.rmSync(path.join(exportsDir(), row.fileName), { force: true });
}
