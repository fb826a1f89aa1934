import fs from 'node:fs';
import path from 'node:path';
import webpush, { WebPushError } from 'web-push';
import { isPushServiceEndpoint, PUSH_SERVICE_HOSTS, PUSH_TTL_SECONDS } from '@/lib/notification-centre';
import { config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated on first use and kept in the data folder
 * (like the JWT secret, server/auth/secret.ts): a new pair would orphan every browser's subscription.
 * Both module graphs read the same file; `wx` makes the first writer win when two race.
 */
export function vapidKeys(): VapidKeys {
  const cfg = config();
  if (cfg.VAPID_PUBLIC_KEY && cfg.VAPID_PRIVATE_KEY) return { publicKey: cfg.VAPID_PUBLIC_KEY, privateKey: cfg.VAPID_PRIVATE_KEY };
  const file = path.resolve(cfg.DATA_DIR, 'vapid.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof stored !== 'object' || stored === null || !('publicKey' in stored) || !('privateKey' in stored) || typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`${file} is not a VAPID key pair; delete it to generate a new one (every device must then subscribe again)`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushPayload {
  id: string;
  title: string;
  body: string;
  url: string;
}

/** `gone`: the push service no longer knows the subscription (404/410), so it should be forgotten. */
export type PushOutcome = 'sent' | 'gone';

/** Push services accept only https: or mailto: (RFC 8292); a plain-http APP_URL (development) falls back to the admin's address. */
function vapidSubject(): string {
  const cfg = config();
  if (cfg.VAPID_SUBJECT) return cfg.VAPID_SUBJECT;
  return cfg.appUrl.startsWith('https://') ? cfg.appUrl : `mailto:${cfg.ADMIN_EMAIL}`;
}

/** Whether the server may connect to this endpoint: a browser's push service, or one the operator added. */
export function isAcceptedPushEndpoint(endpoint: string): boolean {
  return isPushServiceEndpoint(endpoint, [...PUSH_SERVICE_HOSTS, ...config().PUSH_SERVICE_HOSTS_EXTRA]);
}

/**
 * One encrypted (aes128gcm, RFC 8291) push message to one subscription; other failures throw. An
 * endpoint no longer accepted (stored before the host check, or its host since removed from
 * PUSH_SERVICE_HOSTS_EXTRA) is never connected to: it is gone, so its row is forgotten.
 */
export async function sendPush(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
  if (!isAcceptedPushEndpoint(target.endpoint)) return 'gone';
  const keys = vapidKeys();
  try {
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      timeout: 10_000,
    });
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
    throw error;
  }
}
