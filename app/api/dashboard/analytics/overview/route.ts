import { analyticsQuerySchema } from '@/lib/analytics';
import { route } from '@/server/http/route';
import { overview } from '@/server/services/analytics';

export const GET = route({ auth: 'user', query: analyticsQuerySchema }, ({ user, query }) => overview(user, query.timeRange));
