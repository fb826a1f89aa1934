import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Lines waiting for their file, with the promise every waiting writer shares. */
interface PendingFile {
  lines: string[];
  written: Promise<void>;
}

const pending = new Map<string, PendingFile>();

/** Appends every line queued for a file in one write; makes the folder only when it is missing. */
async function writeQueued(dir: string, file: string, queue: string[]): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  pending.delete(file);
  const lines = queue.join('');
  try {
    await fs.appendFile(file, lines);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(dir, { recursive: true });
    await fs.appendFile(file, lines);
  }
}

/**
 * Appends one JSON object per line to `$OUTBOX_DIR/<channel>.jsonl` (product §3.4). Lines written in
 * the same turn of the event loop (a batch of check-ins) go to the file in one append instead of one
 * open and close each; each caller still returns only once its line is written.
 */
export async function appendToOutbox(dir: string, channel: 'email' | 'sms' | 'whatsapp', message: Record<string, unknown>): Promise<{ id: string }> {
  const id = randomUUID();
  const file = path.join(dir, `${channel}.jsonl`);
  const line = `${JSON.stringify({ ...message, createdAt: new Date().toISOString(), id })}\n`;
  let queued = pending.get(file);
  if (!queued) {
    const lines: string[] = [];
    queued = { lines, written: writeQueued(dir, file, lines) };
    pending.set(file, queued);
  }
  queued.lines.push(line);
  await queued.written;
  return { id };
}
