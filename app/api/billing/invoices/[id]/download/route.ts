import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { invoiceDownload } from '@/server/services/billing/invoice-files';

export const GET = route(contract.downloadInvoice, async ({ user, params }) => {
  const file = await invoiceDownload(user.id, params.id);
  return new Response(Buffer.from(file.body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.body.byteLength),
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
