import { analyticsQuerySchema } from '@/lib/analytics';
import { route } from '@/server/http/route';
import { clientAnalytics } from '@/server/services/analytics';

export const GET = route({ auth: 'user', query: analyticsQuerySchema }, ({ user, query }) => clientAnalytics(user, query.timeRange));
