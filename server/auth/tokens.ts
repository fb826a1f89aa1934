import { jwtVerify, SignJWT, errors } from 'jose';
import { config } from '../config';
import { signingKey } from './secret';

export type Role = 'coach' | 'admin' | 'super_admin';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

const ALGORITHM = 'HS256';
const ISSUER = 'cadence';

export function accessTokenTtlSeconds(): number {
  return config().ACCESS_TOKEN_TTL_SECONDS;
}

export async function signAccessToken(claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${accessTokenTtlSeconds()}s`)
    .sign(signingKey());
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

function toClaims(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, role } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  if (role !== 'coach' && role !== 'admin' && role !== 'super_admin') return null;
  return { sub, sid, role };
}

/** Only HS256 is accepted, so `alg: none` or a swapped algorithm cannot pass. */
export async function verifyAccessToken(token: string, options: { allowExpired?: boolean } = {}): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      // Page routing may read an expired token's role; it expires for good with the refresh lifetime.
      ...(options.allowExpired ? { clockTolerance: `${config().REFRESH_TOKEN_TTL_DAYS} days` } : {}),
    });
    const claims = toClaims(payload);
    return claims ? { ok: true, claims } : { ok: false, reason: 'invalid' };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
