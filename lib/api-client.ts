import { CSRF_CACHE_MS, CSRF_HEADER, CSRF_REFRESH_AFTER_MS, MESSAGES, STORAGE_KEYS, UNAVAILABLE_READ_RETRY_MS } from './constants';
import { clearAuthStorage, getAccessToken, setAccessToken } from './auth-storage';
import { reloadTo } from './navigation';

export interface ApiErrorBody {
  error?: string;
  message?: string;
  details?: { field: string; message: string }[];
  requiredAction?: string;
  actionRequired?: string;
  /** The ticket of a sign-in waiting for its second factor (403 TWO_FACTOR_REQUIRED). */
  twoFactorToken?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? body.error ?? `Request failed with status ${status}`);
  }
  get code(): string | undefined {
    return this.body.error;
  }
  fieldError(field: string): string | undefined {
    return this.body.details?.find((d) => d.field === field)?.message;
  }
}

const BASE = process.env.NEXT_PUBLIC_API_URL ?? '/api';
const CSRF_FETCHED_AT = 'csrfTokenFetchedAt';
const NO_CSRF_PATHS = ['/users/login', '/users/login/2fa', '/admin/login', '/users/refresh-token'];
const NO_REFRESH_PATHS = ['/users/login', '/users/login/2fa', '/admin/login', '/users/refresh-token', '/users/logout'];

let csrfRequest: Promise<string | null> | null = null;

/** Fetches the anti-forgery token; a failed fetch falls back to the token already held, or none. */
export function fetchCsrfToken(): Promise<string | null> {
  csrfRequest ??= fetch(`${BASE}/auth/csrf-token`, { headers: authHeader(), credentials: 'same-origin' })
    .then((res) => {
      const token = res.headers.get(CSRF_HEADER);
      if (token) storeCsrfToken(token);
      return token ?? localStorage.getItem(STORAGE_KEYS.csrfToken);
    })
    .catch(() => localStorage.getItem(STORAGE_KEYS.csrfToken))
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

export function storeCsrfToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.csrfToken, token);
  localStorage.setItem(CSRF_FETCHED_AT, String(Date.now()));
}

/** Cached 30 minutes; once older than 25 a background refresh starts while the cached one is used. */
async function csrfToken(): Promise<string | null> {
  const token = localStorage.getItem(STORAGE_KEYS.csrfToken);
  const age = Date.now() - Number(localStorage.getItem(CSRF_FETCHED_AT) ?? 0);
  if (!token || age > CSRF_CACHE_MS) return fetchCsrfToken();
  if (age > CSRF_REFRESH_AFTER_MS) void fetchCsrfToken();
  return token;
}

function authHeader(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

let refreshing: Promise<string> | null = null;

/** One refresh at a time: requests failing together all wait for it and are then replayed. */
function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const res = await fetch(`${BASE}/users/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: '{}',
    });
    const body = (await res.json().catch(() => ({}))) as { accessToken?: string; message?: string };
    if (!res.ok) throw new ApiError(res.status, { message: body.message ?? MESSAGES.noRefreshToken });
    if (!body.accessToken) throw new ApiError(401, { message: MESSAGES.noAccessTokenFromRefresh });
    setAccessToken(body.accessToken);
    const csrf = res.headers.get(CSRF_HEADER);
    if (csrf) storeCsrfToken(csrf);
    return body.accessToken;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let onSessionLost: () => void = () => reloadTo('/login');

/**
 * Only the server refusing the refresh token ends the session. A refresh that never got an answer
 * (the page navigated away mid-request, the network dropped) or met a 5xx (database restarting)
 * leaves it alone: clearing the shared storage then would sign out the page loading next, or every
 * tab, over a hiccup.
 */
async function refreshOrSignOut(signOut: boolean): Promise<void> {
  try {
    await refreshAccessToken();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearAuthStorage();
      if (signOut) onSessionLost();
    }
    throw error;
  }
}

/** Milliseconds until the stored access token expires (0 when unknown or unreadable). */
function accessTokenLifetimeLeftMs(): number {
  const token = getAccessToken();
  const payload = token?.split('.')[1];
  if (!payload) return 0;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof exp === 'number' ? exp * 1000 - Date.now() : 0;
  } catch {
    return 0;
  }
}

/**
 * Plain links to cookie-authenticated files (data export, invoices) bypass this client, so nothing
 * refreshes an expired access cookie for them: call this first. It refreshes when the token has
 * less than `minValidityMs` left; a refused refresh signs out like any other call.
 */
export async function ensureFreshAccessToken(minValidityMs = 30_000): Promise<void> {
  if (accessTokenLifetimeLeftMs() > minValidityMs) return;
  await refreshOrSignOut(true);
}

/** The auth provider decides what happens when the session cannot be recovered. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Whether a failed refresh should sign the user out (false for the app-start validation). */
  signOutOnFailure?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader() };
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && !NO_CSRF_PATHS.includes(path)) {
    const csrf = await csrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return fetch(`${BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    signal: options.signal,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
  });
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** Sends once, and on a 401 for an expired token refreshes once and sends again. */
async function sendWithRefresh(method: Method, path: string, options: RequestOptions): Promise<Response> {
  let res = await send(method, path, options);
  if (res.status === 401 && !NO_REFRESH_PATHS.includes(path)) {
    const body = (await readBody(res.clone())) as ApiErrorBody;
    // EMAIL_NOT_VERIFIED goes to the screen; only an expired token is worth a refresh.
    if (body.error !== 'EMAIL_NOT_VERIFIED' && /expired/i.test(body.message ?? '')) {
      await refreshOrSignOut(options.signOutOnFailure !== false);
      res = await send(method, path, options);
    }
  }
  return res;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}

/** Reads only: a write that met 503 is left for the user to repeat, so it never happens twice. */
async function sendRetryingUnavailableRead(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const res = await sendWithRefresh(method, path, options);
  if (method !== 'GET' || res.status !== 503) return res;
  await pause(UNAVAILABLE_READ_RETRY_MS, options.signal);
  return sendWithRefresh(method, path, options);
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const res = await sendRetryingUnavailableRead(method, path, options);
  const data = await readBody(res);
  if (!res.ok) throw new ApiError(res.status, data as ApiErrorBody);
  return { data: data as T, headers: res.headers };
}

/** A file from the API (invoice PDFs) with its name from Content-Disposition; errors as ApiError. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await sendRetryingUnavailableRead('GET', path, {});
  if (!res.ok) throw new ApiError(res.status, (await readBody(res)) as ApiErrorBody);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await res.blob(), fileName };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options).then((r) => r.data),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body: body ?? {} }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body: body ?? {} }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body: body ?? {} }).then((r) => r.data),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options).then((r) => r.data),
  /** A multipart POST (file uploads), with the same auth, CSRF and refresh handling. */
  upload: <T>(path: string, form: FormData, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body: form }).then((r) => r.data),
};

/** The server's message, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback;
}
