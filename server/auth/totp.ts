import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { signingKey } from './secret';

const ISSUER = 'Cadence';
const PERIOD = 30;

function key(): Buffer {
  return createHash('sha256').update('cadence-totp:').update(signingKey()).digest();
}

/** TOTP secrets are sealed with AES-256-GCM so a database dump alone cannot mint codes. */
export function sealSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function openSecret(sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(base32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(base32) });
}

export function otpauthUrl(base32: string, label: string): string {
  return totp(base32, label).toString();
}

/** The 30-second step the code belongs to (±1 step of clock drift), or null when it is wrong. */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totp(base32, 'check').validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export function codeFor(base32: string, now = Date.now()): string {
  return totp(base32, 'check').generate({ timestamp: now });
}

/** Ten single-use recovery codes like `a1b2-c3d4`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const raw = randomBytes(5).toString('hex').slice(0, 8);
    return `${raw.slice(0, 4)}-${raw.slice(4)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace('-', '');
}
