import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { requestDataExport } from '@/server/services/data-export';

export const POST = route(contract.requestDataExport, async ({ user, info }) => ({
  success: true,
  message: 'Your data export is being prepared. We will e-mail you a download link when it is ready.',
  export: await requestDataExport(user, info),
}));
