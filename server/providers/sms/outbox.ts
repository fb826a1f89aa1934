import { appendToOutbox } from '../outbox';
import { segmentCount, type SmsProvider } from './types';

export function outboxSmsProvider(dir: string): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      const { id } = await appendToOutbox(dir, 'sms', { to: message.to, from: message.from, text: message.text });
      return { id, segments: segmentCount(message.text) };
    },
  };
}
