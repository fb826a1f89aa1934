import fs from 'node:fs/promises';
import path from 'node:path';
import { isWhatsappAddress } from '@/lib/channels';
import { appendToOutbox } from '../outbox';
import { segmentCount, type SmsProvider } from './types';

interface OutboxSms {
  id: string;
  to: string;
  text: string;
  createdAt: string;
}

export function outboxSmsProvider(dir: string): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      const whatsapp = isWhatsappAddress(message.to);
      const { id } = await appendToOutbox(
        dir,
        whatsapp ? 'whatsapp' : 'sms',
        whatsapp
          ? { channel: 'whatsapp', to: message.to, from: message.from, text: message.text, template: message.template ?? null }
          : { to: message.to, from: message.from, text: message.text },
      );
      return { id, segments: segmentCount(message.text) };
    },
    async findSent(message, since) {
      const raw = await fs.readFile(path.join(dir, 'sms.jsonl'), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      });
      const found = raw
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxSms)
        .find((m) => m.to === message.to && m.text === message.text && new Date(m.createdAt) >= since);
      return found ? { id: found.id, segments: segmentCount(found.text) } : null;
    },
  };
}
