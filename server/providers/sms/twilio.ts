import twilio from 'twilio';
import { segmentCount, type SmsProvider } from './types';

/** Twilio lists a number's messages newest first; a message being settled is among the latest. */
const LOOKUP_LIMIT = 20;

/** Twilio's `edge`/`region` cannot point at a local fake; a request client that rewrites the host can. */
function requestClient(baseUrl: string | undefined, timeoutMs: number) {
  if (!baseUrl) return new twilio.RequestClient({ timeout: timeoutMs });
  const base = baseUrl.replace(/\/$/, '');
  class RewritingClient extends twilio.RequestClient {
    request<T>(options: Parameters<twilio.RequestClient['request']>[0]) {
      const url = new URL(options.uri);
      options.uri = `${base}${url.pathname}${url.search}`;
      return super.request<T>(options as Parameters<twilio.RequestClient['request']>[0] & { data?: T });
    }
  }
  return new RewritingClient({ timeout: timeoutMs });
}

export function twilioSmsProvider(accountSid: string, authToken: string, options: { baseUrl?: string; timeoutSeconds: number }): SmsProvider {
  const timeout = options.timeoutSeconds * 1000;
  const client = twilio(accountSid, authToken, { httpClient: requestClient(options.baseUrl, timeout), timeout });
  return {
    name: 'twilio',
    async send(message) {
      const callback = message.statusCallback ? { statusCallback: message.statusCallback } : {};
      const sent = await client.messages.create(
        message.template
          ? { to: message.to, from: message.from, contentSid: message.template.contentSid, contentVariables: JSON.stringify(message.template.variables), ...callback }
          : { to: message.to, from: message.from, body: message.text, ...callback },
      );
      return { id: sent.sid, segments: Number(sent.numSegments ?? segmentCount(message.text)) };
    },
    async findSent(message, since) {
      const recent = await client.messages.list({ to: message.to, limit: LOOKUP_LIMIT });
      const found = recent.find((m) => m.body === message.text && m.dateCreated >= since);
      return found ? { id: found.sid, segments: Number(found.numSegments ?? segmentCount(message.text)) } : null;
    },
  };
}
