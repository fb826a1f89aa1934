import { and, eq } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { CHANNEL_LABELS, FALLBACK_REASONS, WHATSAPP_SESSION_MS, fallbackNote, type ClientChannel } from '@/lib/channels';
import { unreachableAddress } from '@/lib/delivery';
import type { Executor } from '../../db/client';
import { smsOptOuts, whatsappSessions, type Client } from '../../db/schema';
import { senderNumberFor, whatsappFrom, whatsappTemplateSid } from '../../providers/sms';

/**
 * Which way a message to a client goes (decision 0084): the client's channel, then its fallback
 * order. A channel that cannot carry the message now (no address, an address given up on (decision
 * 0085), opted out there, WhatsApp not configured, or its 24-hour window closed without a template)
 * is passed over with its reason; the
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
  /** The reasons of the channels passed over. */
  reasons: string[];
  /** Whether one was passed over for an unreachable address (editing the client may fix it). */
  unreachable: boolean;
}

type ClientAddress = Pick<Client, 'phone' | 'email' | 'channel' | 'fallbackChannels' | 'phoneUnreachable' | 'emailUnreachable'>;

/** A channel's reason to be passed over, and whether it is an unreachable address. */
interface PassedOver {
  reason: string;
  unreachable?: boolean;
}

/** The channels tried, in order: the client's own, then its fallbacks (each once). */
export function channelOrder(client: Pick<Client, 'channel' | 'fallbackChannels'>): ClientChannel[] {
  return [...new Set([client.channel, ...client.fallbackChannels])];
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

/** A (client number, our sender) pair, as the opt-out and WhatsApp-session tables key them. */
const pairKey = (phone: string, ourNumber: string) => `${phone}\u0000${ourNumber}`;

/** What the routes of a batch need from the database: opt-outs and open WhatsApp windows, by pair. */
interface Reach {
  optedOut: Set<string>;
  whatsappSince: Map<string, Date>;
}

/** Our senders for a client number: the SMS number and, when configured, the WhatsApp one. */
function sendersOf(phone: string): string[] {
  const whatsapp = whatsappFrom();
  return whatsapp ? [senderNumberFor(phone), whatsapp] : [senderNumberFor(phone)];
}

/** Reads, in two statements, the opt-outs and WhatsApp windows of every client number of a batch. */
async function loadReach(db: Executor, clients: ClientAddress[]): Promise<Reach> {
  const phones = [...new Set(clients.flatMap((c) => (c.phone && !c.phoneUnreachable ? [c.phone] : [])))];
  if (phones.length === 0) return { optedOut: new Set(), whatsappSince: new Map() };
  const senders = [...new Set(phones.flatMap(sendersOf))];
  const [outs, sessions] = await Promise.all([
    db
      .select({ phone: smsOptOuts.phone, ourNumber: smsOptOuts.ourNumber })
      .from(smsOptOuts)
      .where(and(anyOf(smsOptOuts.phone, phones), anyOf(smsOptOuts.ourNumber, senders))),
    db
      .select({ phone: whatsappSessions.clientPhone, ourNumber: whatsappSessions.ourNumber, at: whatsappSessions.lastInboundAt })
      .from(whatsappSessions)
      .where(and(anyOf(whatsappSessions.clientPhone, phones), anyOf(whatsappSessions.ourNumber, senders))),
  ]);
  return {
    optedOut: new Set(outs.map((o) => pairKey(o.phone, o.ourNumber))),
    whatsappSince: new Map(sessions.map((w) => [pairKey(w.phone, w.ourNumber), w.at])),
  };
}

/**
 * One channel's route for this message, or why it cannot carry it. `template` says whether a
 * WhatsApp template may stand in outside the window (a check-in may; a free-form reply may not).
 */
function routeOn(reach: Reach, client: ClientAddress, channel: ClientChannel, now: Date, template: boolean): Route | PassedOver {
  if (channel === 'email') {
    if (!client.email) return { reason: FALLBACK_REASONS.noEmail };
    if (client.emailUnreachable) return { reason: unreachableAddress('email', client.emailUnreachable), unreachable: true };
    return { channel, from: null };
  }
  if (!client.phone) return { reason: FALLBACK_REASONS.noPhone };
  // Failed texts or WhatsApp messages give up on the number (decision 0085): both go to it.
  if (client.phoneUnreachable) return { reason: unreachableAddress('sms', client.phoneUnreachable), unreachable: true };
  if (channel === 'sms') {
    const from = senderNumberFor(client.phone);
    return reach.optedOut.has(pairKey(client.phone, from)) ? { reason: FALLBACK_REASONS.optedOut } : { channel, from };
  }
  const from = whatsappFrom();
  if (!from) return { reason: FALLBACK_REASONS.whatsappNotConfigured };
  if (reach.optedOut.has(pairKey(client.phone, from))) return { reason: FALLBACK_REASONS.optedOut };
  const since = reach.whatsappSince.get(pairKey(client.phone, from));
  if (since && now.getTime() - since.getTime() < WHATSAPP_SESSION_MS) return { channel, from };
  const sid = template ? whatsappTemplateSid() : null;
  return sid ? { channel, from, templateSid: sid } : { reason: FALLBACK_REASONS.noTemplate };
}

function planFor(reach: Reach, client: ClientAddress, now: Date, template: boolean): RoutePlan {
  const routes: Route[] = [];
  const reasons: string[] = [];
  let note: string | null = null;
  let unreachable = false;
  for (const channel of channelOrder(client)) {
    const route = routeOn(reach, client, channel, now, template);
    if ('channel' in route) {
      routes.push(route);
      continue;
    }
    reasons.push(`${CHANNEL_LABELS[channel]}: ${route.reason}`);
    unreachable ||= route.unreachable === true;
    if (channel === client.channel) note = fallbackNote(channel, route.reason);
  }
  return { routes, note: routes.length > 0 ? note : null, reasons, unreachable };
}

/** The plan of one message to this client (a check-in: `template` true). */
export async function planRoutes(db: Executor, client: ClientAddress, now: Date, options: { template: boolean }): Promise<RoutePlan> {
  return planFor(await loadReach(db, [client]), client, now, options.template);
}

/** The plans of a batch's messages, one per client, with two statements for the whole batch. */
export async function planRoutesOf<C extends ClientAddress & { id: string }>(db: Executor, clients: C[], now: Date, options: { template: boolean }): Promise<Map<string, RoutePlan>> {
  const reach = await loadReach(db, clients);
  return new Map(clients.map((c) => [c.id, planFor(reach, c, now, options.template)]));
}
