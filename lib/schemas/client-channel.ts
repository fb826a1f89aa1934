import { z } from 'zod';
import { CLIENT_CHANNELS } from '../channels';

/*
 * In a module of its own: lib/schemas/workspace.ts uses these, and importing them from clients.ts
 * would close the cycle clients.ts → goals.ts → workspace.ts. clients.ts re-exports them.
 */

/**
 * The channel fields of the add and edit client forms: the channel and its fallback order (other
 * channels, each once; an empty order means no fallback). Left out, they keep their value (edit)
 * or take the defaults (add: SMS, then e-mail).
 */
export const clientChannelFieldsSchema = z
  .object({
    channel: z.enum(CLIENT_CHANNELS, { error: 'Choose SMS, e-mail or WhatsApp' }).optional(),
    fallbackChannels: z.array(z.enum(CLIENT_CHANNELS, { error: 'A fallback must be SMS, e-mail or WhatsApp' })).max(2, 'At most two fallback channels').optional(),
  });

/** A fallback order may not repeat a channel or name the client's own. */
export function channelFieldIssues(v: { channel?: string; fallbackChannels?: string[] }): { path: string[]; message: string } | null {
  const order = v.fallbackChannels ?? [];
  if (new Set(order).size !== order.length) return { path: ['fallbackChannels'], message: 'A fallback channel can be listed once' };
  if (v.channel && order.includes(v.channel)) return { path: ['fallbackChannels'], message: 'The fallback order cannot include the client’s own channel' };
  return null;
}
