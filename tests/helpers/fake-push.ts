import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local Web Push service: an HTTPS server (self-signed; the app trusts it through
 * NODE_EXTRA_CA_CERTS=caFile) that takes what `web-push` posts and DECRYPTS it as a browser would
 * (aes128gcm, RFC 8291 + RFC 8188), with a subscription key pair made here. An endpoint can be made
 * to answer 404/410 as a push service does for a subscription it no longer knows.
 */

export interface ReceivedPush {
  subscription: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload, parsed as JSON. */
  payload: { id?: string; title?: string; body?: string; url?: string };
}

export interface FakeSubscription {
  id: string;
  /** PushSubscription.toJSON() as a browser gives it. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface FakePushService {
  caFile: string;
  subscribe(): FakeSubscription;
  /** The next pushes to this subscription are answered with `status` (e.g. 410 Gone). */
  answer(subscriptionId: string, status: number): void;
  received: ReceivedPush[];
  to(subscriptionId: string): ReceivedPush[];
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: one record, as a browser's push stack decrypts it. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm body');
  return padded.subarray(0, end);
}

export async function startFakePushService(): Promise<FakePushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyFile, '-out', caFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(caFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const key = keys.get(id);
      const status = answers.get(id);
      if (!key || status) {
        res.writeHead(status ?? 404).end();
        return;
      }
      try {
        const plain = decryptAes128gcm(Buffer.concat(chunks), key.ecdh, key.auth);
        received.push({ subscription: id, headers: req.headers, payload: JSON.parse(plain.toString('utf8')) as ReceivedPush['payload'] });
        res.writeHead(201).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    caFile,
    received,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { id, json: { endpoint: `https://localhost:${port}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } } };
    },
    answer(subscriptionId, status) {
      answers.set(subscriptionId, status);
    },
    to: (subscriptionId) => received.filter((r) => r.subscription === subscriptionId),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
