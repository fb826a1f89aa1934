/**
 * How a client is reached (issue 17 item 3, decision 0084): the coach picks one channel per client
 * and a fallback order tried, once each message, when the send on the chosen one fails.
 */

export const CLIENT_CHANNELS = ['sms', 'email', 'whatsapp'] as const;
export type ClientChannel = (typeof CLIENT_CHANNELS)[number];

export const DEFAULT_CLIENT_CHANNEL: ClientChannel = 'sms';

/** The fallback order a client gets when the coach sets none: the other way the spec guarantees (every client has an e-mail). */
export const DEFAULT_FALLBACK_CHANNELS: Record<ClientChannel, ClientChannel[]> = {
  sms: ['email'],
  email: ['sms'],
  whatsapp: ['sms', 'email'],
};

export const CHANNEL_LABELS: Record<ClientChannel, string> = {
  sms: 'SMS',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

/** A reply through the one-tap reply page (decision 0083), as the conversation labels it. */
export const REPLY_PAGE_CHANNEL_LABEL = 'Reply page';

/** A channel's message in a sentence ("The text message could not be delivered"). */
export const CHANNEL_NOUNS: Record<ClientChannel, string> = {
  sms: 'text message',
  email: 'e-mail',
  whatsapp: 'WhatsApp message',
};

/** The one line the client forms show under each choice. */
export const CHANNEL_EXPLANATIONS: Record<ClientChannel, string> = {
  sms: 'Text messages to the client’s US number; the first one carries the consent notice and STOP opts out.',
  email: 'E-mails to the client’s address; the client answers by replying to the e-mail.',
  whatsapp: 'WhatsApp messages to the client’s number. The client must have opted in to messages from you on WhatsApp.',
};

/** WhatsApp addresses at Twilio: `whatsapp:+15551234567`. */
export const WHATSAPP_PREFIX = 'whatsapp:';

export const whatsappAddress = (phone: string) => (phone.startsWith(WHATSAPP_PREFIX) ? phone : `${WHATSAPP_PREFIX}${phone}`);
export const isWhatsappAddress = (address: string) => address.startsWith(WHATSAPP_PREFIX);
export const stripWhatsapp = (address: string) => (isWhatsappAddress(address) ? address.slice(WHATSAPP_PREFIX.length) : address);

/**
 * WhatsApp's customer-service window: free-form messages only within 24 hours of the client's last
 * inbound message; outside it only an approved template may open the conversation.
 */
export const WHATSAPP_SESSION_MS = 24 * 60 * 60 * 1000;

/** Why a message went by a fallback channel (kept on the check-in and shown in its history). */
export const FALLBACK_REASONS = {
  noPhone: 'the client has no phone number',
  noEmail: 'the client has no e-mail address',
  optedOut: 'the client opted out (STOP) on this channel',
  noTemplate: 'the WhatsApp 24-hour window is closed and no approved template is configured (TWILIO_WHATSAPP_TEMPLATE_SID)',
  whatsappNotConfigured: 'WhatsApp is not configured (TWILIO_WHATSAPP_FROM)',
} as const;

/** "Sent by e-mail: the WhatsApp send failed (…)". */
export const fallbackNote = (from: ClientChannel, reason: string) => `The ${CHANNEL_LABELS[from]} send failed (${reason}), so it went by the fallback channel.`;

/**
 * The variables of the WhatsApp check-in template: {{1}} the client's first name, {{2}} the
 * coach's name, {{3}} the check-in itself (docs/operations.md, "WhatsApp").
 */
export const whatsappTemplateVariables = (clientFirstName: string, coachName: string, message: string): Record<string, string> => ({
  '1': clientFirstName,
  '2': coachName,
  '3': message,
});
