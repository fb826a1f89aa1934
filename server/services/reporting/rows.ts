import { z } from 'zod';

/** A user as the admin reports list one, straight from `users` (timestamps arrive as text through this driver). */
export const reportUserRow = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  plan_id: z.string(),
  created_at: z.string(),
});
