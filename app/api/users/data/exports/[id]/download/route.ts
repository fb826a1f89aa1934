import fs from 'node:fs';
import { Readable } from 'node:stream';
import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { exportFile } from '@/server/services/data-export';

export const GET = route(contract.downloadDataExport, async ({ user, params }) => {
  const file = await exportFile(user.id, params.id);
  return new Response(Readable.toWeb(fs.createReadStream(file.path)) as ReadableStream, {
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'Cache-Control': 'no-store',
    },
  });
});
