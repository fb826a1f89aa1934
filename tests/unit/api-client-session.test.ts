import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, UNAVAILABLE_READ_RETRY_MS } from '@/lib/constants';

/** A Storage over a Map: the browser's localStorage for a Node test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expired = () => json(401, { error: 'UNAUTHORIZED', message: 'Access token expired' });

/** A fresh copy of the API client over an empty browser storage holding this access token. */
async function freshClient(accessToken: string): Promise<typeof import('@/lib/api-client')> {
  vi.resetModules();
  const storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { localStorage: storage });
  storage.setItem(STORAGE_KEYS.accessToken, accessToken);
  storage.setItem(STORAGE_KEYS.csrfToken, 'csrf');
  return import('@/lib/api-client');
}

/** Answers /users/refresh-token with `refresh`, and every other call with an expired-token 401. */
function serverWhoseRefresh(refresh: () => Promise<Response>) {
  return vi.fn((url: string) => (url.endsWith('/users/refresh-token') ? refresh() : Promise.resolve(expired())));
}

describe('the API client when an access token expires and the refresh fails', () => {
  let sessionLost: ReturnType<typeof vi.fn<() => void>>;
  let client: typeof import('@/lib/api-client');

  beforeEach(async () => {
    client = await freshClient('expired-access-token');
    sessionLost = vi.fn<() => void>();
    client.setSessionLostHandler(sessionLost);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs out when the server refuses the refresh token', async () => {
    vi.stubGlobal('fetch', serverWhoseRefresh(async () => json(401, { error: 'INVALID_REFRESH_TOKEN', message: 'Invalid refresh token' })));
    await expect(client.api.get('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(sessionLost).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('keeps the session when the refresh got no answer (the page navigated away, the network dropped)', async () => {
    vi.stubGlobal('fetch', serverWhoseRefresh(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(client.api.get('/users/profile')).rejects.toThrow('Failed to fetch');
    expect(sessionLost).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('expired-access-token');
  });

  it('keeps the session when the server is briefly unavailable', async () => {
    vi.stubGlobal('fetch', serverWhoseRefresh(async () => json(503, { error: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' })));
    await expect(client.api.get('/users/profile')).rejects.toMatchObject({ status: 503 });
    expect(sessionLost).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('expired-access-token');
  });

  it('retries the call with the new access token after a successful refresh', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/users/refresh-token')) return json(200, { accessToken: 'fresh-access-token' });
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer fresh-access-token' ? json(200, { ok: true }) : expired();
    });
    vi.stubGlobal('fetch', fetch);
    await expect(client.api.get('/users/profile')).resolves.toEqual({ ok: true });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-access-token');
    expect(sessionLost).not.toHaveBeenCalled();
  });
});

describe('the API client when the server is briefly unavailable', () => {
  let client: typeof import('@/lib/api-client');
  const unavailable = () => json(503, { error: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again shortly.' });

  beforeEach(async () => {
    vi.useFakeTimers();
    client = await freshClient('access-token');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a read once more after a pause, and shows its answer', async () => {
    const fetch = vi.fn<() => Promise<Response>>().mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(json(200, { clients: [] }));
    vi.stubGlobal('fetch', fetch);
    const read = client.api.get('/coach/clients');
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_READ_RETRY_MS - 1);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual({ clients: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up on a read after the second 503', async () => {
    const fetch = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const read = client.api.get('/coach/clients');
    const settled = expect(read).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_READ_RETRY_MS * 10);
    await settled;
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never sends a write twice', async () => {
    const fetch = vi.fn(async (url: string) => (url.endsWith('/auth/csrf-token') ? new Response(null, { headers: { 'x-csrf-token': 'csrf' } }) : unavailable()));
    vi.stubGlobal('fetch', fetch);
    const write = client.api.post('/coach/clients', { firstName: 'Ada' });
    const settled = expect(write).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_READ_RETRY_MS * 10);
    await settled;
    expect(fetch.mock.calls.filter(([url]) => url.endsWith('/coach/clients'))).toHaveLength(1);
  });

  it('stops waiting when the read is aborted', async () => {
    const fetch = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    const read = client.api.get('/coach/clients', { signal: controller.signal });
    const settled = expect(read).rejects.toThrow('left the page');
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_READ_RETRY_MS / 2);
    controller.abort(new Error('left the page'));
    await settled;
    expect(fetch).toHaveBeenCalledOnce();
  });
});
