import type { NextRequest } from 'next/server';
import { AppError } from './errors';

/**
 * The largest JSON body any endpoint accepts. The biggest legitimate payload (a client with notes
 * and a goal description) is a few KB; uploads are multipart and never read here.
 */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/** Deeper JSON than any payload of the API has; it only costs recursion further down (zod, JSON.stringify). */
export const MAX_JSON_DEPTH = 16;

/** The standard 413 answer for a body over `limit` bytes. */
export const payloadTooLarge = (limit: number) => new AppError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limit / 1024} KB`);

const tooLarge = () => payloadTooLarge(MAX_JSON_BODY_BYTES);

/**
 * Reads a request body, stopping as soon as it passes `limit` bytes: a declared length is trusted
 * for an early answer, and a chunked body without one is cut off at the limit rather than buffered.
 */
export async function readLimitedBytes(req: Request, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function isJsonContentType(value: string | null): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

/**
 * A JSON request body: empty means `{}`; anything else must be declared JSON (a cross-site form
 * cannot send that without a preflight), fit the size limit and parse.
 */
export async function readJsonBody(req: NextRequest): Promise<unknown> {
  const text = (await readLimitedBytes(req, MAX_JSON_BODY_BYTES, tooLarge)).toString('utf8');
  if (!text.trim()) return {};
  if (!isJsonContentType(req.headers.get('content-type'))) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  }
}

const invalidInput = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', message, { details: [{ field, message }] });

/**
 * Rejects what no schema can describe and Postgres cannot store: text with a NUL character
 * (a text column refuses U+0000) and nesting deeper than MAX_JSON_DEPTH. Walks without recursion
 * so a hostile document cannot exhaust the stack here either.
 */
export function assertStorableInput(value: unknown, root: string): void {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    const field = path.join('.') || root;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) throw invalidInput(field, 'Text must not contain NUL characters');
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) throw invalidInput(field, `Input is nested more than ${MAX_JSON_DEPTH} levels deep`);
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) throw invalidInput(field, 'Field names must not contain NUL characters');
      pending.push({ value: child, path: [...path, key] });
    }
  }
}
