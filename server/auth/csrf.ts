import { createHmac, timingSafeEqual } from 'node:crypto';
import { CSRF_MAX_AGE_MS } from '@/lib/constants';
import { signingKey } from './secret';

const ANONYMOUS = 'anon';

function mac(payload: string): string {
  return createHmac('sha256', signingKey()).update(`csrf:${payload}`).digest('base64url');
}

/** A stateless token bound to the session (or to no session) and stamped with its issue time. */
export function issueCsrfToken(sessionId: string | null, now = Date.now()): string {
  const payload = `${sessionId ?? ANONYMOUS}.${now.toString(36)}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(payload)}`;
}

export function verifyCsrfToken(token: string | null, sessionId: string, now = Date.now()): boolean {
  if (!token) return false;
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return false;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const [sid, issued] = payload.split('.');
  const issuedAt = parseInt(issued ?? '', 36);
  return sid === sessionId && Number.isFinite(issuedAt) && now - issuedAt <= CSRF_MAX_AGE_MS && issuedAt <= now + 60_000;
}
