import { route } from '@/server/http/route';
import { cancelSubscription } from '@/server/services/billing';

export const POST = route({ auth: 'user' }, ({ user, info }) => cancelSubscription(user, info));
