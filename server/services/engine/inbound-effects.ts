import type { PgBoss } from 'pg-boss';
import type { Transaction } from '../../db/client';
import type { CheckIn, ClientMessage } from '../../db/schema';
import type { NotificationInput } from '../notifications';
import { ENGINE_QUEUES, onDrizzleTransaction } from './runtime';

/**
 * What an inbound message (text, e-mail, reply page) leads to, gathered inside its transaction and
 * carried out after it: the types the inbound steps share, apart from the steps themselves.
 */

export type InboundResult =
  | { action: 'duplicate' }
  | { action: 'opted_out' | 'opted_in'; clients: number }
  | { action: 'reply'; checkInId: string }
  | { action: 'asked'; coaches: number }
  | { action: 'unmatched' };

/** A coach notification as its job carries it; `at` is when the text arrived (quiet hours, daily cap). */
export interface CoachNoticeJob {
  coachId: string;
  input: NotificationInput;
  at: string;
}

/** A text Cadence sends a client number from one of our numbers. */
export interface ClientTextJob {
  to: string;
  from: string;
  text: string;
}

/** What a text leads to after the transaction: jobs, live updates, the reply analysis. */
export class Effects {
  readonly notices: CoachNoticeJob[] = [];
  readonly texts: ClientTextJob[] = [];
  readonly responded: CheckIn[] = [];
  readonly profiles: { coachId: string; clientId: string }[] = [];
  /** Texts outside a check-in, recorded in the conversation (shown live once committed). */
  readonly messages: ClientMessage[] = [];

  constructor(private readonly at: Date) {}

  notify(coachId: string, input: NotificationInput): void {
    this.notices.push({ coachId, input, at: this.at.toISOString() });
  }

  /** With a queue, the jobs go in on the open transaction and commit with the rows. */
  async queueOn(boss: PgBoss, tx: Transaction): Promise<void> {
    const db = onDrizzleTransaction(tx);
    if (this.notices.length > 0) await boss.insert(ENGINE_QUEUES.coachNotice, this.notices.map((data) => ({ data })), { db });
    if (this.texts.length > 0) await boss.insert(ENGINE_QUEUES.clientText, this.texts.map((data) => ({ data })), { db });
  }
}
