import { route } from '@/server/http/route';
import { resumeSubscription } from '@/server/services/billing';

export const POST = route({ auth: 'user' }, ({ user }) => resumeSubscription(user));
