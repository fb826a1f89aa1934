import { INBOUND_SMS_MAX_CHARS } from './sms';

/** The one-tap reply page of a check-in (issue 17 §2, decision 0083). */

/** A link answers for this long after its check-in was sent. */
export const REPLY_LINK_VALID_MS = 7 * 24 * 60 * 60 * 1000;

/** The page's path; the token follows. */
export const REPLY_PAGE_PATH = '/r/';

/** A reply through the page (quick answers and text together) is held to an SMS reply's length. */
export const REPLY_PAGE_MAX_CHARS = INBOUND_SMS_MAX_CHARS;

/** The answers one link takes, and one address across links: a person answers a few times, a script many. */
export const REPLY_PAGE_RATE_LIMITS = {
  token: { name: 'reply-page:token', limit: 10, windowSeconds: 60 * 60, refusal: 'Too many answers through this link.' },
  ip: { name: 'reply-page:ip', limit: 30, windowSeconds: 60 * 60, refusal: 'Too many answers from this connection.' },
} as const;

export const REPLY_PAGE_TEXTS = {
  expired: 'This link has expired — reply to the message instead.',
  notFound: 'This link does not work. Reply to the message instead.',
  intro: 'Tap a quick answer, add a few words if you like, and send.',
  done: 'Done',
  notYet: 'Not yet',
  textLabel: 'Anything else?',
  textHint: 'How did it go? What got in the way?',
  send: 'Send',
  sending: 'Sending…',
  empty: 'Give a quick answer or write something before sending.',
  /** Under a numeric goal's field: the field takes where the client is now, not what was added. */
  nowAtHint: (current: number, target: number | null, unit: string | null) =>
    `Where are you now? Last recorded: ${current.toLocaleString('en-US')}${target ? ` of ${target.toLocaleString('en-US')}` : ''}${unit ? ` ${unit}` : ''}.`,
  thanks: 'Thank you — your answer was sent.',
  addMore: 'Add something',
  addMoreIntro: 'Anything to add? It goes to the same conversation.',
  earlier: 'Your earlier answers',
} as const;

export interface QuickAnswer {
  title: string;
  type: 'numeric' | 'task';
  unit: string | null;
}

/**
 * The reply text quick answers come to, the way a client would write it ("Walk 10,000 steps a
 * day: now at 6500 steps; Book physio: done"), followed by the free text, for the coach and the AI's
 * summary; the answers themselves are applied as given (check_ins.client_answers), not re-read.
 */
export function composeReplyText(answers: { goal: QuickAnswer; value?: number; done?: boolean }[], text: string): string {
  const parts = answers.flatMap(({ goal, value, done }) => {
    if (goal.type === 'numeric' && value !== undefined) return [`${goal.title}: now at ${value}${goal.unit ? ` ${goal.unit}` : ''}`];
    if (goal.type === 'task' && done !== undefined) return [`${goal.title}: ${done ? 'done' : 'not yet'}`];
    return [];
  });
  return [parts.join('; '), text.trim()].filter(Boolean).join('\n');
}
