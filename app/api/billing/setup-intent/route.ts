import { route } from '@/server/http/route';
import { createSetupIntent } from '@/server/services/billing';

export const POST = route({ auth: 'user' }, ({ user }) => createSetupIntent(user.id));
