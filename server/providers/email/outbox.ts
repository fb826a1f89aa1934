import { appendToOutbox } from '../outbox';
import type { EmailProvider } from './types';

export function outboxEmailProvider(dir: string): EmailProvider {
  return {
    name: 'outbox',
    send: (message) => appendToOutbox(dir, 'email', { to: message.to, from: message.from, subject: message.subject, text: message.text, html: message.html }),
  };
}
