import twilio from 'twilio';
import { segmentCount, type SmsProvider } from './types';

/** Twilio's `edge`/`region` cannot point at a local fake; a request client that rewrites the host can. */
function requestClient(baseUrl: string | undefined) {
  if (!baseUrl) return undefined;
  const base = baseUrl.replace(/\/$/, '');
  class RewritingClient extends twilio.RequestClient {
    request<T>(options: Parameters<twilio.RequestClient['request']>[0]) {
      const url = new URL(options.uri);
      options.uri = `${base}${url.pathname}${url.search}`;
      return super.request<T>(options as Parameters<twilio.RequestClient['request']>[0] & { data?: T });
    }
  }
  return new RewritingClient();
}

export function twilioSmsProvider(accountSid: string, authToken: string, baseUrl?: string): SmsProvider {
  const client = twilio(accountSid, authToken, { httpClient: requestClient(baseUrl) });
  return {
    name: 'twilio',
    async send(message) {
      const sent = await client.messages.create({ to: message.to, from: message.from, body: message.text });
      return { id: sent.sid, segments: Number(sent.numSegments ?? segmentCount(message.text)) };
    },
  };
}
