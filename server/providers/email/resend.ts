import { Resend } from 'resend';
import type { EmailProvider } from './types';

export function resendEmailProvider(apiKey: string): EmailProvider {
  // The SDK reads RESEND_BASE_URL when constructed, which lets tests point it at a local fake.
  const client = new Resend(apiKey);
  return {
    name: 'resend',
    async send(message) {
      const { data, error } = await client.emails.send({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      if (error || !data) throw new Error(`Resend refused the message: ${error?.message ?? 'no id returned'}`);
      return { id: data.id };
    },
    async getReceived(id) {
      const { data, error } = await client.emails.receiving.get(id);
      if (error?.name === 'not_found') return null;
      if (error || !data) throw new Error(`Resend did not give the received e-mail: ${error?.message ?? 'no data returned'}`);
      return { id: data.id, from: data.from, to: data.to, subject: data.subject, text: data.text, html: data.html, messageId: data.message_id };
    },
  };
}
