import { and, eq } from 'drizzle-orm';
import { CHANNEL_LABELS, FALLBACK_REASONS, WHATSAPP_SESSION_MS, fallbackNote, type ClientChannel } from '@/lib/channels';
import type { Executor } from '../../db/client';
import { smsOptOuts, whatsappSessions, type Client } from '../../db/schema';
import { senderNumberFor, whatsappFrom, whatsappTemplateSid } from '../../providers/sms';

/**
 * Which way a message to a client goes (decision 0084): the client's channel, then its fallback
 * order. A channel that cannot carry the message now (no address, opted out there, WhatsApp not
 * configured, or its 24-hour window closed without a template) is passed over with its reason; the
 * first usable one is tried, and when its provider refuses the message the next usable one is
 * tried once. Never two channels for one delivered message.
 */

export interface Route {
  channel: ClientChannel;
  /** Our sender: the SMS number, or `whatsapp:+1…`; null for e-mail. */
  from: string | null;
  /** WhatsApp outside the session window: the approved template's Content SID. */
  templateSid?: string;
}

export interface RoutePlan {
  /** Usable channels in order: the first is tried, then (a check-in, a coach's message) only the next one, once. */
  routes: Route[];
  /** Why the client's own channel was passed over (null when it is the first route). */
  note: string | null;
  /** Every channel's reason when none is usable. */
  reasons: string[];
}

type ClientAddress = Pick<Client, 'phone' | 'email' | 'channel' | 'fallbackChannels'>;

/** The channels tried, in order: the client's own, then its fallbacks (each once). */
export function channelOrder(client: Pick<Client, 'channel' | 'fallbackChannels'>): ClientChannel[] {
  return [...new Set([client.channel, ...client.fallbackChannels])];
}

async function optedOutOn(db: Executor, phone: string, ourNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.phone, phone), eq(smsOptOuts.ourNumber, ourNumber)))
    .limit(1);
  return row !== undefined;
}

/** Whether the client wrote to this WhatsApp sender within the last 24 hours (free-form messages allowed). */
export async function whatsappSessionOpen(db: Executor, phone: string, ourNumber: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: whatsappSessions.lastInboundAt })
    .from(whatsappSessions)
    .where(and(eq(whatsappSessions.clientPhone, phone), eq(whatsappSessions.ourNumber, ourNumber)))
    .limit(1);
  return row !== undefined && now.getTime() - row.at.getTime() < WHATSAPP_SESSION_MS;
}

/**
 * One channel's route for this message, or why it cannot carry it. `template` says whether a
 * WhatsApp template may stand in outside the window (a check-in may; a free-form reply may not).
 */
async function routeOn(db: Executor, client: ClientAddress, channel: ClientChannel, now: Date, template: boolean): Promise<Route | string> {
  if (channel === 'email') return client.email ? { channel, from: null } : FALLBACK_REASONS.noEmail;
  if (!client.phone) return FALLBACK_REASONS.noPhone;
  if (channel === 'sms') {
    const from = senderNumberFor(client.phone);
    return (await optedOutOn(db, client.phone, from)) ? FALLBACK_REASONS.optedOut : { channel, from };
  }
  const from = whatsappFrom();
  if (!from) return FALLBACK_REASONS.whatsappNotConfigured;
  if (await optedOutOn(db, client.phone, from)) return FALLBACK_REASONS.optedOut;
  if (await whatsappSessionOpen(db, client.phone, from, now)) return { channel, from };
  const sid = template ? whatsappTemplateSid() : null;
  return sid ? { channel, from, templateSid: sid } : FALLBACK_REASONS.noTemplate;
}

/** The plan of one message to this client (a check-in: `template` true). */
export async function planRoutes(db: Executor, client: ClientAddress, now: Date, options: { template: boolean }): Promise<RoutePlan> {
  const routes: Route[] = [];
  const reasons: string[] = [];
  let note: string | null = null;
  for (const channel of channelOrder(client)) {
    const route = await routeOn(db, client, channel, now, options.template);
    if (typeof route !== 'string') {
      routes.push(route);
      continue;
    }
    reasons.push(`${CHANNEL_LABELS[channel]}: ${route}`);
    if (channel === client.channel) note = fallbackNote(channel, route);
  }
  return { routes, note: routes.length > 0 ? note : null, reasons };
}
