/**
 * Delivery you can see (issue 17 item 4, decision 0085): what the providers say became of a message
 * after it was handed over (Twilio status callbacks, Resend delivery events), and when a client's
 * address is given up on. Shared by the webhook handlers, the services and the coach's screens.
 */

/** What a message's delivery came to, as the coach sees it; null while no provider said anything. */
export const DELIVERY_STATUSES = ['sent', 'delayed', 'delivered', 'failed', 'bounced', 'complained'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Providers' callbacks arrive in any order and more than once. A status only replaces one of a
 * lower rank, so a late 'sent' never overwrites 'delivered' or 'failed' and a repeat is a no-op.
 * A complaint follows a delivery, so it outranks it.
 */
export const DELIVERY_RANK: Record<DeliveryStatus, number> = { sent: 1, delayed: 1, delivered: 2, failed: 3, bounced: 3, complained: 3 };

/** Whether `next` may replace `current` (null: nothing heard yet). */
export function deliveryAdvances(current: DeliveryStatus | null, next: DeliveryStatus): boolean {
  return DELIVERY_RANK[next] > (current ? DELIVERY_RANK[current] : 0);
}

/** Consecutive failed or undelivered texts to one number after which the number is unreachable. */
export const SMS_UNREACHABLE_AFTER_FAILURES = 3;

/** Twilio's MessageStatus values that say something the coach sees; queued/accepted/sending/scheduled say nothing yet. */
export const TWILIO_MESSAGE_STATUSES: Readonly<Record<string, DeliveryStatus>> = {
  sent: 'sent',
  delivered: 'delivered',
  // WhatsApp's read receipt: delivered, and more.
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

/** Twilio's commonest delivery error codes, in the coach's words; any other shows its number. */
const TWILIO_ERRORS: Readonly<Record<string, string>> = {
  '30003': 'the phone is switched off or out of reach',
  '30004': 'the number blocks messages',
  '30005': 'the number does not exist',
  '30006': 'the number is a landline or cannot receive texts',
  '30007': 'the carrier filtered it as spam',
  '30008': 'the carrier gave an unknown error',
  '21610': 'the client replied STOP',
  '21614': 'the number is not a mobile number',
  '63016': 'outside the WhatsApp 24-hour window without a template',
};

export function twilioErrorText(code: string | undefined): string | null {
  if (!code) return null;
  return `${TWILIO_ERRORS[code] ?? 'the carrier refused it'} (Twilio error ${code})`;
}

/** Resend's delivery events and what each says of the sent e-mail. */
export const RESEND_DELIVERY_EVENTS: Readonly<Record<string, DeliveryStatus>> = {
  'email.sent': 'sent',
  'email.delivery_delayed': 'delayed',
  'email.delivered': 'delivered',
  'email.bounced': 'bounced',
  'email.complained': 'complained',
  'email.failed': 'failed',
};

/** The words next to a message in the history and the conversation (never colour alone). */
export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  sent: 'Sent to the carrier',
  delayed: 'Delivery delayed',
  delivered: 'Delivered',
  failed: 'Failed',
  bounced: 'Bounced',
  complained: 'Marked as spam',
};

/** "Failed (the number does not exist)": the label with the provider's reason when there is one. */
export function deliveryText(status: DeliveryStatus, reason: string | null | undefined): string {
  return reason && DELIVERY_RANK[status] === 3 ? `${DELIVERY_LABELS[status]} (${reason})` : DELIVERY_LABELS[status];
}

/** Why an address is unreachable, shown on the client and given as the failure of a check-in that was not sent. */
export const UNREACHABLE_REASONS = {
  bounced: 'E-mail bounced — update the address',
  complained: 'The client marked our e-mail as spam — update the address or ask them',
  phone: `Texts failed ${SMS_UNREACHABLE_AFTER_FAILURES} times in a row — update the number`,
} as const;

/** Why a channel is passed over for an unreachable address (decision 0084's fallback order reads the same flags). */
export const unreachableAddress = (channel: 'sms' | 'email', reason: string) =>
  `the client's ${channel === 'sms' ? 'phone number' : 'e-mail address'} is unreachable (${reason})`;

/** The failure of a check-in not sent because its address is unreachable. */
export const unreachableFailure = (channel: 'sms' | 'email', reason: string) =>
  `The client's ${channel === 'sms' ? 'phone number' : 'e-mail address'} is unreachable (${reason}). Edit the client to try again.`;
