import { subscriptionChangeSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { changePlan } from '@/server/services/billing';

export const PUT = route({ auth: 'user', body: subscriptionChangeSchema }, ({ user, body, info }) => changePlan(user, body, info));
