export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsProvider {
  readonly name: 'outbox' | 'twilio';
  send(message: SmsMessage & { from: string }): Promise<{ id: string; segments: number }>;
}

/** GSM-7 segments are 160 characters (153 when split); anything else is UCS-2 at 70 (67). */
export function segmentCount(text: string): number {
  const gsm = /^[\x20-\x7E\n\r]*$/.test(text);
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  return text.length <= single ? 1 : Math.ceil(text.length / multi);
}
