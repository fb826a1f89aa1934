import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { appendToOutbox } from '../outbox';
import type { EmailProvider, ReceivedEmail } from './types';

/**
 * The local twin of Resend: sent mail is appended to `$OUTBOX_DIR/email.jsonl` (with its Reply-To
 * and threading headers, so the reply address can be read there), and the receiving API reads the
 * mail `npm run client-reply` "received" from `$OUTBOX_DIR/email-received.jsonl`.
 */

export const RECEIVED_EMAIL_FILE = 'email-received.jsonl';

const receivedLineSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  messageId: z.string(),
});

/** Records a received e-mail where the outbox's receiving API finds it (the local client's reply). */
export async function appendReceivedEmail(dir: string, email: ReceivedEmail): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.appendFile(path.join(dir, RECEIVED_EMAIL_FILE), `${JSON.stringify(email)}\n`);
}

export function outboxEmailProvider(dir: string): EmailProvider {
  return {
    name: 'outbox',
    send: (message) =>
      appendToOutbox(dir, 'email', {
        to: message.to,
        from: message.from,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        headers: message.headers,
      }),
    async getReceived(id) {
      let content: string;
      try {
        content = await fs.readFile(path.join(dir, RECEIVED_EMAIL_FILE), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      for (const line of content.split('\n')) {
        if (!line.trim()) continue;
        const parsed = receivedLineSchema.safeParse(JSON.parse(line));
        if (parsed.success && parsed.data.id === id) return parsed.data;
      }
      return null;
    },
  };
}
