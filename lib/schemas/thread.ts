import { z } from 'zod';
import { CLIENT_CHANNELS } from '../channels';
import { timestampSchema } from '../contract/common';
import { DELIVERY_STATUSES } from '../delivery';
import { COACH_MESSAGE_MAX_CHARS, THREAD_PAGE_MAX, THREAD_PAGE_SIZE } from '../sms';

/**
 * One client's conversation (the Conversation tab): check-in messages, replies and AI follow-ups
 * from check-ins, and the texts outside a check-in both ways, in time order (decision 0076).
 */

/** A provider's word on an outgoing message, with its reason when it failed. */
export const deliverySchema = z.object({ status: z.enum(DELIVERY_STATUSES), reason: z.string().nullable() }).meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliverySchema>;

export const threadItemSchema = z
  .object({
    /** Stable per message: `<checkInId>:check_in|reply|follow_up` for check-ins, the row id of a text outside one. */
    id: z.string(),
    at: timestampSchema,
    direction: z.enum(['in', 'out']),
    author: z.enum(['ai', 'coach', 'client']),
    kind: z.enum(['check_in', 'reply', 'follow_up', 'message']),
    body: z.string(),
    checkInId: z.string().optional(),
    /** How the message travelled: a text, an e-mail (decision 0081), WhatsApp (0084), the reply page (0083). */
    channel: z.enum([...CLIENT_CHANNELS, 'web']).optional(),
    /** Texts outside a check-in: whether it went out ('failed' with the reason) or came in. */
    status: z.enum(['sent', 'failed', 'received']).optional(),
    failureReason: z.string().optional(),
    /** Outgoing messages: what the provider said became of it (decision 0085); absent while nothing was heard. */
    delivery: deliverySchema.optional(),
  })
  .meta({ id: 'ThreadItem' });
export type ThreadItem = z.infer<typeof threadItemSchema>;

/**
 * Whether the coach can write to the client from the conversation, and why not; when allowed, the
 * channel and address the message goes to first (the server's own choice, decision 0084), so the
 * composer names what really happens, and the fallback tried once if that channel refuses it.
 */
export const textingSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().nullable(),
  channel: z.enum(CLIENT_CHANNELS).nullable(),
  /** The client's phone number (E.164) for a text or WhatsApp message, the e-mail address for an e-mail. */
  to: z.string().nullable(),
  fallback: z.enum(CLIENT_CHANNELS).nullable(),
});
export type Texting = z.infer<typeof textingSchema>;

export const threadQuerySchema = z.object({
  /** Only messages before this instant: the `nextBefore` of the page shown last. */
  before: z.iso.datetime({ offset: true, message: 'before must be an ISO date-time' }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(THREAD_PAGE_MAX, `limit must be at most ${THREAD_PAGE_MAX}`)
    .default(THREAD_PAGE_SIZE),
});

export const threadPageSchema = z.object({
  /** Oldest first within the page. */
  items: z.array(threadItemSchema),
  /** The `before` of the next (earlier) page; null when this page reaches the first message. */
  nextBefore: timestampSchema.nullable(),
  texting: textingSchema,
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

export const coachMessageSchema = z.object({
  text: z
    .string({ message: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(COACH_MESSAGE_MAX_CHARS, `A message can be at most ${COACH_MESSAGE_MAX_CHARS} characters`),
});
export type CoachMessageInput = z.input<typeof coachMessageSchema>;

export const coachMessageSentSchema = z.object({ success: z.literal(true), message: z.string(), item: threadItemSchema });
export type CoachMessageSent = z.infer<typeof coachMessageSentSchema>;

/** Order within one instant: a check-in before its reply before its follow-up. */
const KIND_RANK: Record<ThreadItem['kind'], number> = { check_in: 0, reply: 1, follow_up: 2, message: 3 };

/** The conversation's order, oldest first; the server pages by it and the screen merges pages by it. */
export function threadOrder(a: ThreadItem, b: ThreadItem): number {
  return a.at.localeCompare(b.at) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.id.localeCompare(b.id);
}
