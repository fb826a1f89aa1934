import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of the Twilio REST API Cadence uses: creating a message
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth). Every message is
 * recorded; a number can be made to fail the way Twilio refuses an unreachable handset.
 */

export interface RecordedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  authorization: string | undefined;
  at: number;
}

export interface FakeTwilio {
  url: string;
  messages: RecordedSms[];
  to(phone: string): RecordedSms[];
  /** Every message to this number is refused with Twilio error 21211. */
  failFor(phone: string): void;
  close(): Promise<void>;
}

/** GSM-7 segments of 160 (153 when split), as Twilio counts them for plain text. */
function segments(text: string): number {
  return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const messages: RecordedSms[] = [];
  const failing = new Set<string>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        return;
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      if (failing.has(to)) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }));
        return;
      }
      counter += 1;
      const sid = `SM${String(counter).padStart(32, '0')}`;
      const body = form.get('Body') ?? '';
      messages.push({ sid, accountSid: match[1]!, to, from: form.get('From') ?? '', body, authorization: req.headers.authorization, at: Date.now() });
      res.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          sid,
          account_sid: match[1],
          to,
          from: form.get('From'),
          body,
          status: 'queued',
          num_segments: String(segments(body)),
          num_media: '0',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${match[1]}/Messages/${sid}.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    to: (phone) => messages.filter((m) => m.to === phone),
    failFor: (phone) => void failing.add(phone),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
