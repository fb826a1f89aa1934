import { z } from 'zod';
import { UNSUBSCRIBE_LISTS } from '../unsubscribe';

/** One-click unsubscribe (RFC 8058, decision 0092): the signed token is the only key. */

export const unsubscribeTokenParamSchema = z.object({ token: z.string().min(1).max(100) });

export const subscriptionSchema = z
  .object({
    list: z.enum(UNSUBSCRIBE_LISTS),
    /** What the list is, in words, for the page. */
    listName: z.string(),
    /** The address, partly hidden: enough for its owner to recognise, little for anyone else. */
    email: z.string(),
    subscribed: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionUpdateSchema = z.object({ subscribed: z.boolean() });
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;
