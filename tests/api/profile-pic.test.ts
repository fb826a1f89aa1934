import { afterAll, describe, expect, inject, it } from 'vitest';
import { PROFILE_PIC_MAX_BYTES, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { ClientChanged } from '@/lib/schemas/clients';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, getClient, newCoach, png, type Coach } from './helpers-workspace';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b])]);
const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0])]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function form(data: Buffer, filename: string, type: string, field = 'profilePic'): FormData {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return f;
}

const upload = (coach: Coach, clientId: string, body: FormData) =>
  request<ClientChanged & ErrorBody>('POST', `/clients/${clientId}/profile-pic`, { token: coach.token, form: body });

async function download(coach: Coach | null, clientId: string) {
  const res = await fetch(`${baseUrl}/api/clients/${clientId}/profile-pic`, { headers: coach ? { authorization: `Bearer ${coach.token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

async function setup() {
  const coach = await newCoach(request, outboxDir, db);
  const c = await createClient(request, coach);
  return { coach, clientId: c.id };
}

async function expectRefused(coach: Coach, clientId: string, body: FormData, message: string) {
  const res = await upload(coach, clientId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.message).toBe(message);
  expect((await getClient(request, coach, clientId)).profilePic).toBeNull();
  const [row] = await db`select profile_pic from clients where id = ${clientId}`;
  expect(row!.profile_pic).toBeNull();
}

describe('POST /clients/{id}/profile-pic', () => {
  it('stores a PNG and serves it back as image/png', async () => {
    const { coach, clientId } = await setup();
    const image = png(3, 2);
    const res = await upload(coach, clientId, form(image, 'me.png', 'image/png'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    // The address carries a version so a replaced picture is not served from the browser's cache.
    const pictureUrl = new RegExp(`^/api/clients/${clientId}/profile-pic\\?v=\\d+$`);
    expect(res.body.client.profilePic).toMatch(pictureUrl);
    expect((await getClient(request, coach, clientId)).profilePic).toMatch(pictureUrl);

    const got = await download(coach, clientId);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.data.equals(image)).toBe(true);
  });

  it("trusts the bytes, not the file's name or claimed type", async () => {
    const { coach, clientId } = await setup();
    const res = await upload(coach, clientId, form(png(), 'photo.txt', 'text/plain'));
    expect(res.status).toBe(200);
    expect((await download(coach, clientId)).type).toBe('image/png');
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['GIF', GIF, 'image/gif', 'gif'],
    ['WebP', WEBP, 'image/webp', 'webp'],
  ])('accepts a %s and replaces the earlier picture', async (_name, data, type, ext) => {
    const { coach, clientId } = await setup();
    expect((await upload(coach, clientId, form(png(), 'first.png', 'image/png'))).status).toBe(200);
    const res = await upload(coach, clientId, form(data, `second.${ext}`, type));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await download(coach, clientId);
    expect(got.type).toBe(type);
    expect(got.data.equals(data)).toBe(true);
    const [row] = await db`select profile_pic from clients where id = ${clientId}`;
    expect(row!.profile_pic).toBe(`clients/${clientId}.${ext}`);
  });

  it('refuses a text file named .png', async () => {
    const { coach, clientId } = await setup();
    await expectRefused(coach, clientId, form(Buffer.from('definitely not a picture\n'), 'fake.png', 'image/png'), V.imageOnly);
  });

  it('refuses HTML and SVG by content, whatever the name and declared type', async () => {
    const { coach, clientId } = await setup();
    const html = Buffer.from('<html><body><img src=x onerror=alert(1)></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    await expectRefused(coach, clientId, form(html, 'photo.png', 'image/png'), V.imageOnly);
    await expectRefused(coach, clientId, form(svg, 'photo.png', 'image/png'), V.imageOnly);
    await expectRefused(coach, clientId, form(svg, 'photo.svg', 'image/svg+xml'), V.imageOnly);
  });

  it('refuses a PDF', async () => {
    const { coach, clientId } = await setup();
    await expectRefused(coach, clientId, form(PDF, 'cv.pdf', 'application/pdf'), V.imageOnly);
    await expectRefused(coach, clientId, form(PDF, 'cv.png', 'image/png'), V.imageOnly);
  });

  it('refuses an empty file', async () => {
    const { coach, clientId } = await setup();
    await expectRefused(coach, clientId, form(Buffer.alloc(0), 'empty.png', 'image/png'), V.imageOnly);
  });

  it('refuses a picture over 5 MB and takes one of exactly 5 MB', async () => {
    const { coach, clientId } = await setup();
    const signature = png().subarray(0, 8);
    const tooBig = Buffer.concat([signature, Buffer.alloc(PROFILE_PIC_MAX_BYTES + 1 - signature.length)]);
    await expectRefused(coach, clientId, form(tooBig, 'big.png', 'image/png'), V.imageTooLarge);
    const sixMb = Buffer.concat([signature, Buffer.alloc(6 * 1024 * 1024)]);
    await expectRefused(coach, clientId, form(sixMb, 'big.png', 'image/png'), V.imageTooLarge);

    const limit = Buffer.concat([signature, Buffer.alloc(PROFILE_PIC_MAX_BYTES - signature.length)]);
    expect((await upload(coach, clientId, form(limit, 'limit.png', 'image/png'))).status).toBe(200);
  });

  it('stops reading an upload sent in chunks without a declared length once it passes the limit', async () => {
    const { coach, clientId } = await setup();
    // A streamed body declares no Content-Length: only the bytes read can decide.
    const post = (body: ReadableStream<Uint8Array> | null, contentType: string) =>
      fetch(`${baseUrl}/api/clients/${clientId}/profile-pic`, {
        method: 'POST',
        headers: { authorization: `Bearer ${coach.token}`, 'content-type': contentType },
        body,
        duplex: 'half',
      } as RequestInit);

    const MB = 1024 * 1024;
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 256 * MB) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    // The server answers 400 and closes: a client still sending sees the answer or the closed connection.
    const outcome = await post(endless, 'multipart/form-data; boundary=endless').then(
      async (res) => ({ status: res.status, message: ((await res.json()) as ErrorBody).message }),
      () => null,
    );
    if (outcome) expect(outcome).toEqual({ status: 400, message: V.imageTooLarge });
    expect(sent).toBeLessThan(PROFILE_PIC_MAX_BYTES + 32 * MB);
    expect((await getClient(request, coach, clientId)).profilePic).toBeNull();

    const small = new Response(form(png(3, 2), 'me.png', 'image/png'));
    expect((await post(small.body, small.headers.get('content-type')!)).status).toBe(200);
  });

  it('needs the profilePic field', async () => {
    const { coach, clientId } = await setup();
    await expectRefused(coach, clientId, form(png(), 'me.png', 'image/png', 'avatar'), V.imageOnly);
    const textField = new FormData();
    textField.append('profilePic', 'iVBORw0KGgo=');
    await expectRefused(coach, clientId, textField, V.imageOnly);
    await expectRefused(coach, clientId, new FormData(), V.imageOnly);
  });

  it('refuses a body that is not multipart', async () => {
    const { coach, clientId } = await setup();
    const res = await request<ErrorBody>('POST', `/clients/${clientId}/profile-pic`, { token: coach.token, body: { profilePic: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(V.imageOnly);
  });

  it('needs a signed-in coach', async () => {
    const { coach, clientId } = await setup();
    const res = await request('POST', `/clients/${clientId}/profile-pic`, { form: form(png(), 'me.png', 'image/png') });
    expect(res.status).toBe(401);
    expect((await upload(coach, clientId, form(png(), 'me.png', 'image/png'))).status).toBe(200);
    expect((await download(null, clientId)).status).toBe(401);
  });
});

describe('GET /clients/{id}/profile-pic', () => {
  it('answers 404 before any upload, and 404/400 for unknown and malformed ids', async () => {
    const { coach, clientId } = await setup();
    expect((await download(coach, clientId)).status).toBe(404);
    expect((await download(coach, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await download(coach, 'me')).status).toBe(400);
  });
});
