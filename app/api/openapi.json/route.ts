import { NextResponse } from 'next/server';
import { openApiDocument } from '@/lib/contract/openapi';
import * as contract from '@/lib/contract/system';
import { route } from '@/server/http/route';

let document: string | undefined;

/** Built once per process from lib/contract: the endpoints cannot change while it runs. */
export const GET = route(contract.openApi, async () => {
  document ??= JSON.stringify(openApiDocument());
  return new NextResponse(document, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' } });
});
