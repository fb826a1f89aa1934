import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of the Twilio REST API Cadence uses: creating a message
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth) and listing a number's
 * messages (GET, newest first). Every message is recorded; a number can be made to fail the way
 * Twilio refuses an unreachable handset, and the next requests can fail or hang (faults).
 */

export interface RecordedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** A WhatsApp template send: the Content SID and its variables (JSON), instead of a body. */
  contentSid?: string;
  contentVariables?: string;
  authorization: string | undefined;
  /** Where Twilio would post the message's status callbacks (absent when none was asked for). */
  statusCallback: string | undefined;
  at: number;
}

/**
 * What the next message requests meet: `status` answers that HTTP status and records nothing;
 * `hang` never answers (the caller times out) but, with `accepted`, the message was taken and goes
 * out, as when a timeout hides a success.
 */
export type SmsFault = { kind: 'status'; status: number } | { kind: 'hang'; accepted: boolean };

export interface FakeTwilio {
  url: string;
  messages: RecordedSms[];
  to(phone: string): RecordedSms[];
  /** Every message to this number is refused with Twilio error 21211. */
  failFor(phone: string): void;
  /** The next `times` message requests (POST) to this number meet `fault`. */
  fault(phone: string, fault: SmsFault, times: number): void;
  /** Answers every message request after `ms` (it is recorded on arrival). */
  latency(ms: number): void;
  /** Called as each message is recorded. */
  onMessage(listener: (message: RecordedSms) => void): void;
  /** Message list requests (GET) seen. */
  lookups: number;
  close(): Promise<void>;
}

/** GSM-7 segments of 160 (153 when split), as Twilio counts them for plain text. */
function segments(text: string): number {
  return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
}

function resource(m: RecordedSms) {
  return {
    sid: m.sid,
    account_sid: m.accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    num_segments: String(segments(m.body)),
    num_media: '0',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    date_created: new Date(m.at).toUTCString(),
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  };
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const messages: RecordedSms[] = [];
  const failing = new Set<string>();
  const faults = new Map<string, { fault: SmsFault; times: number }>();
  const listeners: ((message: RecordedSms) => void)[] = [];
  let delayMs = 0;
  let counter = 0;
  const fake = { lookups: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        fake.lookups += 1;
        const to = url.searchParams.get('To');
        const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
        const list = messages.filter((m) => !to || m.to === to).reverse().slice(0, pageSize);
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ messages: list.map(resource), page: 0, page_size: pageSize, first_page_uri: req.url, next_page_uri: null, previous_page_uri: null, uri: req.url, start: 0, end: list.length }),
        );
        return;
      }
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
      const planned = faults.get(to);
      const fault = planned && planned.times > 0 ? planned.fault : undefined;
      if (fault) planned!.times -= 1;
      if (fault && fault.kind === 'status') {
        res.writeHead(fault.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20500, message: 'An internal server error has occurred', status: fault.status }));
        return;
      }
      if (fault && !fault.accepted) return;
      counter += 1;
      const message = {
        sid: `SM${String(counter).padStart(32, '0')}`,
        accountSid: match[1]!,
        to,
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        contentSid: form.get('ContentSid') ?? undefined,
        contentVariables: form.get('ContentVariables') ?? undefined,
        authorization: req.headers.authorization,
        statusCallback: form.get('StatusCallback') ?? undefined,
        at: Date.now(),
      };
      messages.push(message);
      for (const listener of listeners) listener(message);
      if (fault) return;
      const answer = () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(resource(message)));
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  // Longer than the client's idle sockets live, so a kept-alive connection is never cut under a request.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    to: (phone) => messages.filter((m) => m.to === phone),
    failFor: (phone) => void failing.add(phone),
    fault: (phone, fault, times) => void faults.set(phone, { fault, times }),
    latency: (ms) => void (delayMs = ms),
    onMessage: (listener) => void listeners.push(listener),
    get lookups() {
      return fake.lookups;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging requests would hold the server open.
        server.closeAllConnections();
      }),
  };
}
