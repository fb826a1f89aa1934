import { historyQuerySchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { listHistory } from '@/server/services/billing';

export const GET = route({ auth: 'user', query: historyQuerySchema }, ({ user, query }) => listHistory(user.id, query.page, query.limit));
