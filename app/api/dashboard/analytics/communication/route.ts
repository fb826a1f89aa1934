import { analyticsQuerySchema } from '@/lib/analytics';
import { route } from '@/server/http/route';
import { communicationAnalytics } from '@/server/services/analytics';

export const GET = route({ auth: 'user', query: analyticsQuerySchema }, ({ user, query }) => communicationAnalytics(user, query.timeRange));
