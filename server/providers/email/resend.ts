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
      });
      if (error || !data) throw new Error(`Resend refused the message: ${error?.message ?? 'no id returned'}`);
      return { id: data.id };
    },
  };
}
