import { ACCESS_COOKIE, REFRESH_COOKIE } from '@/lib/constants';
import type { NextResponse } from 'next/server';
import { config } from '../config';

function secure(): boolean {
  return config().appUrl.startsWith('https://');
}

function refreshMaxAge(): number {
  return config().REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60;
}

/**
 * The access cookie outlives the JWT inside it so page routing can still read the role of an
 * expired token; the API never accepts it once expired.
 */
export function setAuthCookies(res: NextResponse, tokens: { accessToken: string; refreshToken: string }): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: secure(), maxAge: refreshMaxAge() };
  res.cookies.set(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/' });
  res.cookies.set(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: '/api/users' });
}

export function clearAuthCookies(res: NextResponse): void {
  res.cookies.set(ACCESS_COOKIE, '', { path: '/', maxAge: 0 });
  res.cookies.set(REFRESH_COOKIE, '', { path: '/api/users', maxAge: 0 });
}
