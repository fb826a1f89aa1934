import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { config, jwtSecret } from '../config';
import { setSettings } from '../runtime';

/**
 * The JWT/CSRF signing secret: JWT_SECRET when set, otherwise one generated on first start and kept
 * in the data folder so restarts keep sessions. Several instances must share JWT_SECRET. Start-up
 * records it in the runtime registry (server/runtime.ts), where both module graphs read it.
 */
export function ensureSecret(dataDir: string): string {
  let secret = config().JWT_SECRET;
  if (!secret) {
    const file = path.resolve(dataDir, 'jwt-secret');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    }
    secret = fs.readFileSync(file, 'utf8').trim();
  }
  setSettings({ jwtSecret: secret });
  return secret;
}

export function signingKey(): Uint8Array {
  const secret = jwtSecret();
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  return new TextEncoder().encode(secret);
}
