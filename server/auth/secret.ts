import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The JWT/CSRF signing secret: JWT_SECRET when set, otherwise one generated on first start and kept
 * in the data folder so restarts keep sessions. Several instances must share JWT_SECRET.
 */
export function ensureSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.resolve(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  process.env.JWT_SECRET = fs.readFileSync(file, 'utf8').trim();
  return process.env.JWT_SECRET;
}

export function signingKey(): Uint8Array {
  const secret = process.env.JWT_SECRET;
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  return new TextEncoder().encode(secret);
}
