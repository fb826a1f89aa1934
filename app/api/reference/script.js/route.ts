import fs from 'node:fs/promises';
import path from 'node:path';
import { NextResponse } from 'next/server';
import * as contract from '@/lib/contract/system';
import { route } from '@/server/http/route';

/** The package's browser build (its export `./browser/standalone.js`); the server runs from the project root. */
const SCALAR_BUNDLE = path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js');
let bundle: Promise<Buffer> | undefined;

/** The reference page may load nothing from a CDN, so the Scalar bundle comes from node_modules through us. */
export const GET = route(contract.apiReferenceScript, async () => {
  bundle ??= fs.readFile(SCALAR_BUNDLE).catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return new NextResponse(new Uint8Array(await bundle), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
});
