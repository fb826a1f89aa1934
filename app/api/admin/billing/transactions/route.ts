import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { transactionsQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { listTransactions } from '@/server/services/admin-billing';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewBilling, query: transactionsQuerySchema }, ({ query }) => listTransactions(query));
