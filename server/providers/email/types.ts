export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailProvider {
  readonly name: 'outbox' | 'resend';
  send(message: EmailMessage & { from: string }): Promise<{ id: string }>;
}
