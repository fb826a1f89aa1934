import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Appends one JSON object per line to `$OUTBOX_DIR/<channel>.jsonl` (product §3.4). */
export async function appendToOutbox(dir: string, channel: 'email' | 'sms' | 'whatsapp', message: Record<string, unknown>): Promise<{ id: string }> {
  const id = randomUUID();
  await fs.mkdir(dir, { recursive: true });
  const line = JSON.stringify({ ...message, createdAt: new Date().toISOString(), id });
  await fs.appendFile(path.join(dir, `${channel}.jsonl`), `${line}\n`);
  return { id };
}
