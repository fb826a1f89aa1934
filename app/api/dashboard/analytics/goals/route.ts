import { analyticsQuerySchema } from '@/lib/analytics';
import { route } from '@/server/http/route';
import { goalAnalytics } from '@/server/services/analytics';

export const GET = route({ auth: 'user', query: analyticsQuerySchema }, ({ user, query }) => goalAnalytics(user, query.timeRange));
