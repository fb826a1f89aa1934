import fs from 'node:fs';
import { Readable } from 'node:stream';
import { idParamSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { exportFile } from '@/server/services/data-export';

export const GET = route({ auth: 'user', params: idParamSchema }, async ({ user, params }) => {
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
