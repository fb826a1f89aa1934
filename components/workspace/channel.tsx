'use client';

import { Globe, Mail, MessageCircle, MessageSquare } from 'lucide-react';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { CHANNEL_EXPLANATIONS, CHANNEL_LABELS, CLIENT_CHANNELS, DEFAULT_FALLBACK_CHANNELS, REPLY_PAGE_CHANNEL_LABEL, type ClientChannel } from '@/lib/channels';

const ICONS = { sms: MessageSquare, email: Mail, whatsapp: MessageCircle, web: Globe } as const;

/** A channel's small icon and name (client detail, check-in history, conversation); 'web' is a reply through the reply page. */
export function ChannelLabel({ channel, className }: { channel: ClientChannel | 'web'; className?: string }) {
  const Icon = ICONS[channel];
  return (
    <span className={className ?? 'inline-flex items-center gap-1'} data-testid="channel-label" data-channel={channel}>
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {channel === 'web' ? REPLY_PAGE_CHANNEL_LABEL : CHANNEL_LABELS[channel]}
    </span>
  );
}

/** Every fallback order a channel can have: none, one other channel, or both others in either order. */
function fallbackOrders(channel: ClientChannel): ClientChannel[][] {
  const others = CLIENT_CHANNELS.filter((c) => c !== channel);
  return [[], ...others.map((c) => [c]), others, [...others].reverse()];
}

const orderLabel = (order: ClientChannel[]) => (order.length === 0 ? 'No fallback' : order.map((c) => CHANNEL_LABELS[c]).join(', then '));

/**
 * The client's channel and fallback order (decision 0084), shared by the add and edit forms: a
 * select with the chosen channel's one-line explanation, and the order tried when it fails.
 */
export function ChannelFields({
  idPrefix,
  channel,
  fallbackChannels,
  onChange,
  error,
}: {
  idPrefix: string;
  channel: ClientChannel;
  fallbackChannels: ClientChannel[];
  onChange(value: { channel: ClientChannel; fallbackChannels: ClientChannel[] }): void;
  error?: string;
}) {
  const orders = fallbackOrders(channel);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id={`${idPrefix}-channel`}
        label="Channel"
        hint={
          <p id={`${idPrefix}-channel-hint`} className="text-xs text-stone-500 dark:text-stone-400">
            {CHANNEL_EXPLANATIONS[channel]}
          </p>
        }
      >
        <Select
          id={`${idPrefix}-channel`}
          value={channel}
          aria-describedby={`${idPrefix}-channel-hint`}
          onChange={(e) => {
            const next = e.target.value as ClientChannel;
            onChange({ channel: next, fallbackChannels: DEFAULT_FALLBACK_CHANNELS[next] });
          }}
        >
          {CLIENT_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${idPrefix}-fallback`}
        label="If it fails, try"
        error={error}
        hint={
          <p id={`${idPrefix}-fallback-hint`} className="text-xs text-stone-500 dark:text-stone-400">
            Tried once per message when {CHANNEL_LABELS[channel]} cannot deliver it; never both.
          </p>
        }
      >
        <Select
          id={`${idPrefix}-fallback`}
          value={fallbackChannels.join(',')}
          aria-describedby={`${idPrefix}-fallback-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange({ channel, fallbackChannels: e.target.value ? (e.target.value.split(',') as ClientChannel[]) : [] })}
        >
          {orders.map((order) => (
            <option key={order.join(',')} value={order.join(',')}>
              {orderLabel(order)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
