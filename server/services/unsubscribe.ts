import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import type { Subscription } from '@/lib/schemas/unsubscribe';
import {
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_LIST_NAMES,
  UNSUBSCRIBE_LIST_SWITCH,
  UNSUBSCRIBE_LISTS,
  UNSUBSCRIBE_PAGE_PATH,
  UNSUBSCRIBE_RATE_LIMIT,
  UNSUBSCRIBE_TEXTS,
  type UnsubscribeList,
} from '@/lib/unsubscribe';
import { signingKey } from '../auth/secret';
import { config } from '../config';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { hitRateLimit } from './rate-limit';

/**
 * One-click unsubscribe (RFC 8058, issue 18 item 7, decision 0092). The token is the user's id and
 * the list, followed by an HMAC-SHA256 of both under a key derived from the app's signing secret
 * (as the reply-page token is): it names one user and one list, needs no sign-in and no database
 * row, and a made-up or altered one is refused before any read. It does not expire: an old e-mail's
 * link must still work (RFC 8058 §3.1 asks for it to keep working for some time).
 */

const MAC_BYTES = 16;
const ID_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const macKey = () => createHmac('sha256', signingKey()).update('unsubscribe:mac').digest();
const macOf = (payload: Buffer) => createHmac('sha256', macKey()).update(payload).digest().subarray(0, MAC_BYTES);

export function unsubscribeToken(userId: string, list: UnsubscribeList): string {
  if (!UUID.test(userId)) throw new Error('An unsubscribe token names a user id (a uuid)');
  const payload = Buffer.concat([Buffer.from(userId.replace(/-/g, ''), 'hex'), Buffer.from([UNSUBSCRIBE_LISTS.indexOf(list)])]);
  return Buffer.concat([payload, macOf(payload)]).toString('base64url');
}

/** The user and list a token names, or null for anything unsubscribeToken did not make under this secret. */
export function readUnsubscribeToken(token: string): { userId: string; list: UnsubscribeList } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== ID_BYTES + 1 + MAC_BYTES) return null;
  const payload = bytes.subarray(0, ID_BYTES + 1);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES + 1), macOf(payload))) return null;
  const list = UNSUBSCRIBE_LISTS[payload[ID_BYTES]!];
  if (!list) return null;
  const hex = payload.subarray(0, ID_BYTES).toString('hex');
  return { userId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, list };
}

/**
 * What a non-transactional e-mail to this user on this list carries: the RFC 8058 headers (the
 * mail client's own Unsubscribe button posts to the address) and the page for the footer link.
 * Add both in one line: `sendEmail({ …, headers: { ...u.headers }, text: … + u.footerUrl })`.
 */
export function unsubscribeLink(user: { id: string }, list: UnsubscribeList): { headers: Record<string, string>; footerUrl: string } {
  const token = unsubscribeToken(user.id, list);
  const base = config().appUrl.replace(/\/$/, '');
  return {
    headers: {
      'List-Unsubscribe': `<${base}${UNSUBSCRIBE_API_PATH}/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    footerUrl: `${base}${UNSUBSCRIBE_PAGE_PATH}/${token}`,
  };
}

/** Nothing about why: a stranger probing links learns nothing. */
const noSuchLink = () => new AppError(404, 'NOT_FOUND', UNSUBSCRIBE_TEXTS.notFound);

/** `a••••@example.com`: the owner recognises it, a forwarded link does not spell it out. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '••••';
  return `${email[0]}••••${email.slice(at)}`;
}

function subscriptionOf(list: UnsubscribeList, email: string, prefs: typeof DEFAULT_NOTIFICATION_PREFERENCES | null): Subscription {
  const email_ = (prefs ?? DEFAULT_NOTIFICATION_PREFERENCES).email;
  return { list, listName: UNSUBSCRIBE_LIST_NAMES[list], email: maskEmail(email), subscribed: email_[UNSUBSCRIBE_LIST_SWITCH[list]] };
}

/** GET /unsubscribe/{token}/subscription. */
export async function getSubscription(token: string): Promise<Subscription> {
  const found = readUnsubscribeToken(token);
  if (!found) throw noSuchLink();
  const [user] = await getDb()
    .select({ email: users.email, prefs: users.notificationPreferences })
    .from(users)
    .where(and(eq(users.id, found.userId), isNull(users.deletedAt)));
  if (!user) throw noSuchLink();
  return subscriptionOf(found.list, user.email, user.prefs);
}

/**
 * Turns the list's switch off (the one-click POST, the page's button) or on again. Only that one key
 * of the stored preferences is written, in one statement, so a settings save at the same moment
 * cannot be undone by it nor undo it beyond that key.
 */
export async function setSubscription(token: string, subscribed: boolean, info: RequestInfo): Promise<Subscription> {
  const found = readUnsubscribeToken(token);
  if (!found) throw noSuchLink();
  await hitRateLimit(UNSUBSCRIBE_RATE_LIMIT, info.ip);
  const path = `{email,${UNSUBSCRIBE_LIST_SWITCH[found.list]}}`;
  const [user] = await getDb()
    .update(users)
    .set({
      notificationPreferences: sql`jsonb_set(coalesce(${users.notificationPreferences}, ${JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)}::jsonb), ${path}::text[], to_jsonb(${subscribed}::boolean))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, found.userId), isNull(users.deletedAt)))
    .returning({ email: users.email, prefs: users.notificationPreferences });
  if (!user) throw noSuchLink();
  return subscriptionOf(found.list, user.email, user.prefs);
}
