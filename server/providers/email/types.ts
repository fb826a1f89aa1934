export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the client's mail app sends a reply: a check-in's reply address (decision 0081). */
  replyTo?: string;
  /** Extra headers: Message-ID, In-Reply-To and References keep a check-in's mails in one thread. */
  headers?: Record<string, string>;
}

/** An e-mail received on our receiving domain, as the receiving API gives it (the webhook carries only metadata). */
export interface ReceivedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  /** The sender's Message-ID: what our follow-up answers (In-Reply-To). */
  messageId: string;
}

export interface EmailProvider {
  readonly name: 'outbox' | 'resend';
  send(message: EmailMessage & { from: string }): Promise<{ id: string }>;
  /** The received e-mail with this id (the `email_id` of an `email.received` event), or null when the provider has none. */
  getReceived(id: string): Promise<ReceivedEmail | null>;
}
