import { STORAGE_KEYS } from './constants';
import type { PublicUser } from './schemas/account';

/** The signed-in user as the browser keeps it: the user of the login and profile answers (product §1.3 User). */
export type StoredUser = PublicUser;

const available = () => typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';

export function getAccessToken(): string | null {
  if (!available()) return null;
  return localStorage.getItem(STORAGE_KEYS.accessToken) ?? localStorage.getItem(STORAGE_KEYS.token);
}

export function setAccessToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function getStoredUser(): StoredUser | null {
  if (!available()) return null;
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function setStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * The refresh token is never written here: the browser keeps it only in its httpOnly cookie, out of
 * reach of page scripts (decision 0006).
 */
export function saveSession(accessToken: string, user: StoredUser): void {
  localStorage.removeItem(STORAGE_KEYS.adminToken);
  setAccessToken(accessToken);
  setStoredUser(user);
}

/** The address just verified, for the login form that follows in the same tab (kept out of the URL and its history). */
const VERIFIED_EMAIL_KEY = 'cadence.verifiedEmail';

export function rememberVerifiedEmail(email: string): void {
  if (typeof window !== 'undefined') sessionStorage.setItem(VERIFIED_EMAIL_KEY, email);
}

/** Read once: the form fills it in, and the tab forgets it. */
export function takeVerifiedEmail(): string {
  if (typeof window === 'undefined') return '';
  const email = sessionStorage.getItem(VERIFIED_EMAIL_KEY) ?? '';
  sessionStorage.removeItem(VERIFIED_EMAIL_KEY);
  return email;
}

export function clearAuthStorage(): void {
  if (!available()) return;
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  localStorage.removeItem('csrfTokenFetchedAt');
}
