import { afterAll, describe, expect, inject, it } from 'vitest';
import { client, readEmails } from '../helpers/http';
import { openDb, securityEvents, signedInUser, type ErrorBody } from './helpers-auth';
import type { DataExport } from '@/lib/schemas/account';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type ExportEntry = DataExport;

const listExports = async (token: string) => {
  const res = await request<{ exports: ExportEntry[] }>('GET', '/users/data/exports', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.exports;
};

/** Polls the export list until the export is ready (the job runs in pg-boss). */
async function waitUntilReady(token: string, id: string, timeoutMs = 10_000): Promise<ExportEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = (await listExports(token)).find((e) => e.id === id);
    expect(entry, `export ${id} listed`).toBeDefined();
    if (entry!.status === 'ready') return entry!;
    expect(entry!.status).not.toBe('failed');
    if (Date.now() > deadline) throw new Error(`export ${id} still ${entry!.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function requestExport(token: string) {
  const res = await request<{ success: boolean; message: string; export: { id: string; status: string } }>('POST', '/users/data/export', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Download over raw fetch to see the headers and the exact body. */
const download = (url: string, token: string) => fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });

describe('data export', () => {
  it('is prepared by the job, listed as ready, and downloads as a JSON attachment of the user\'s data', async () => {
    const me = await signedInUser(request, outboxDir);
    const requested = await requestExport(me.accessToken);
    expect(requested.success).toBe(true);
    expect(requested.message).toMatch(/export/i);
    expect(requested.export.status).toBe('pending');

    const ready = await waitUntilReady(me.accessToken, requested.export.id);
    expect(ready.downloadUrl).toBe(`/api/users/data/exports/${requested.export.id}/download`);
    expect(ready.sizeBytes).toBeGreaterThan(0);

    const res = await download(ready.downloadUrl!, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cadence-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await res.json()) as Record<string, unknown> & { account: { email: string; id: string } };
    expect(data.account.email).toBe(me.email);
    expect(data.account.id).toBe(me.user.id);
    for (const key of ['clients', 'goals', 'checkIns']) expect(Array.isArray(data[key]), key).toBe(true);
    expect(JSON.stringify(data)).not.toMatch(/password_?hash|\$argon2|two_?factor_?secret/i);
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('data_export');
  });

  it('e-mails the download link once the export is ready', async () => {
    const me = await signedInUser(request, outboxDir);
    const { export: created } = await requestExport(me.accessToken);
    await waitUntilReady(me.accessToken, created.id);
    const link = `/api/users/data/exports/${created.id}/download`;
    let mail = readEmails(outboxDir).find((m) => m.to === me.email && m.text.includes(link));
    // The mail is sent right after the row turns ready.
    for (let i = 0; !mail && i < 25; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      mail = readEmails(outboxDir).find((m) => m.to === me.email && m.text.includes(link));
    }
    expect(mail, 'export e-mail').toBeDefined();
    const url = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(url.pathname).toBe(link);
    expect((await download(url.pathname, me.accessToken)).status).toBe(200);
  });

  it('answers 404 to another user downloading it', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await signedInUser(request, outboxDir);
    const { export: created } = await requestExport(me.accessToken);
    const ready = await waitUntilReady(me.accessToken, created.id);
    const res = await download(ready.downloadUrl!, other.accessToken);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(me.email);
    expect((await listExports(other.accessToken)).map((e) => e.id)).not.toContain(created.id);
  });

  it('needs a signed-in user to download', async () => {
    const me = await signedInUser(request, outboxDir);
    const { export: created } = await requestExport(me.accessToken);
    await waitUntilReady(me.accessToken, created.id);
    const res = await fetch(`${baseUrl}/api/users/data/exports/${created.id}/download`);
    expect(res.status).toBe(401);
  });

  it('answers 404 for an expired export and 400 for a malformed id', async () => {
    const me = await signedInUser(request, outboxDir);
    const { export: created } = await requestExport(me.accessToken);
    await waitUntilReady(me.accessToken, created.id);
    await db`update data_exports set expires_at = now() - interval '1 minute' where id = ${created.id}`;
    expect((await download(`/api/users/data/exports/${created.id}/download`, me.accessToken)).status).toBe(404);
    expect((await listExports(me.accessToken)).map((e) => e.id)).not.toContain(created.id);
    const malformed = await request<ErrorBody>('GET', '/users/data/exports/nope/download', { token: me.accessToken });
    expect(malformed.status).toBe(400);
  });

  it('needs an access token to request an export', async () => {
    expect((await request('POST', '/users/data/export')).status).toBe(401);
  });
});

describe('data export limits', () => {
  it('allows 3 export requests an hour per account, then answers 429 with Retry-After', async () => {
    const { accessToken } = await signedInUser(request, outboxDir);
    for (let i = 0; i < 3; i++) expect((await request('POST', '/users/data/export', { token: accessToken })).status).toBe(200);
    const limited = await request<ErrorBody>('POST', '/users/data/export', { token: accessToken });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
