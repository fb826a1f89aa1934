export interface SmsMessage {
  to: string;
  text: string;
}

/** An approved WhatsApp template (Twilio Content API): what a message outside the 24-hour window must be. */
export interface WhatsappTemplate {
  contentSid: string;
  /** Placeholder values by their number, sent as Twilio's JSON `contentVariables`. */
  variables: Record<string, string>;
}

export interface SentSms {
  id: string;
  segments: number;
}

export interface SmsProvider {
  readonly name: 'outbox' | 'twilio';
  /**
   * `to`/`from` are phone numbers for SMS, `whatsapp:+1…` addresses for WhatsApp (with a template
   * outside the session window). `statusCallback`: where the provider posts what became of the
   * message (decision 0085).
   */
  send(message: SmsMessage & { from: string; template?: WhatsappTemplate; statusCallback?: string }): Promise<SentSms>;
  /**
   * The message with this text sent to this number since `since`, if the provider has it: how a
   * send whose outcome is unknown (timeout, crash during the hand-over) is settled without texting
   * the client twice.
   */
  findSent(message: SmsMessage, since: Date): Promise<SentSms | null>;
}

/** GSM-7 segments are 160 characters (153 when split); anything else is UCS-2 at 70 (67). */
export function segmentCount(text: string): number {
  const gsm = /^[\x20-\x7E\n\r]*$/.test(text);
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  return text.length <= single ? 1 : Math.ceil(text.length / multi);
}
