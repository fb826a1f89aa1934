/**
 * The client list at any size (issue 19, decision 0093): its page size, sorts, filters and cursor.
 * Each filter is defined here once: the server turns these numbers into SQL
 * (server/services/client-list.ts) and the dashboard shows the same label and description.
 */

export const CLIENT_PAGE_SIZE = 50;
export const CLIENT_PAGE_MAX = 100;
export const CLIENT_SEARCH_MAX_CHARS = 100;
/** Product §9's 300 ms: the search box asks the server 300 ms after the last key. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;

/** A client is quiet after this many days without a reply while check-ins go out. */
export const QUIET_AFTER_DAYS = 14;
/** Engagement: the client's replies in this many days, the window of the Response Rate (product §2.9). */
export const ENGAGEMENT_WINDOW_DAYS = 30;
/** What makes a reply sad (the list's mood face): the same readings needs_attention looks for. */
export const LOW_MOTIVATION = 'low';
export const BAD_ENGAGEMENT = 'bad';
/** Statuses of a latest check-in the client let pass. */
export const UNANSWERED_STATUSES = ['no_response'] as const;

/** A day of the week's bubbles counts as a response when the client answered (Responding this week). */
export const RESPONDED_WEEK_STATUSES = ['completed', 'responded'] as const;

export const CLIENT_SORTS = ['name', 'lastCheckIn', 'engagement'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const CLIENT_SORT_OPTIONS: Record<ClientSort, { label: string; defaultDir: SortDirection; asc: string; desc: string }> = {
  name: { label: 'Name', defaultDir: 'asc', asc: 'A to Z', desc: 'Z to A' },
  lastCheckIn: { label: 'Last check-in', defaultDir: 'desc', asc: 'oldest first', desc: 'newest first' },
  engagement: { label: 'Engagement', defaultDir: 'desc', asc: 'least engaged first', desc: 'most engaged first' },
};

export const CLIENT_FILTERS = ['active', 'on_hold', 'needs_attention', 'quiet'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

export const CLIENT_FILTER_OPTIONS: Record<ClientFilter, { label: string; description: string }> = {
  active: { label: 'Active', description: 'Check-ins go out (not on hold).' },
  on_hold: { label: 'On hold', description: 'Check-ins are paused.' },
  needs_attention: {
    label: 'Needs attention',
    description: 'The latest reply shows low motivation or bad engagement, or the latest check-in went unanswered.',
  },
  quiet: { label: 'Quiet', description: `Check-ins go out but no reply in ${QUIET_AFTER_DAYS} days.` },
};

/**
 * Where a page ends, opaque to the browser: the sort it belongs to, the sort key of its last row
 * and that row's id, which breaks ties so no client is skipped or shown twice.
 */
export interface ClientCursor {
  sort: ClientSort;
  dir: SortDirection;
  /** The last row's sort key: the last check-in instant or the engagement count (none for the name sort), then its first and last name. */
  key: (string | number)[];
  id: string;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: ClientCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.dir, cursor.key, cursor.id]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;
const isName = (key: unknown[]) => typeof key[0] === 'string' && typeof key[1] === 'string';
/** Each sort's key: its own value, then the name (first, last) that breaks its ties. */
const KEY_SHAPE: Record<ClientSort, (key: unknown[]) => boolean> = {
  name: (key) => key.length === 2 && isName(key),
  lastCheckIn: (key) => key.length === 3 && typeof key[0] === 'string' && ISO_INSTANT.test(key[0]) && isName(key.slice(1)),
  engagement: (key) => key.length === 3 && Number.isSafeInteger(key[0]) && (key[0] as number) >= 0 && isName(key.slice(1)),
};

/** The cursor in a `cursor` parameter, or null when it is not one this server wrote. */
export function decodeCursor(encoded: string): ClientCursor | null {
  const text = fromBase64Url(encoded);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [sort, dir, key, id] = value as unknown[];
  if (!(CLIENT_SORTS as readonly unknown[]).includes(sort) || !(SORT_DIRECTIONS as readonly unknown[]).includes(dir)) return null;
  if (!Array.isArray(key) || !KEY_SHAPE[sort as ClientSort](key) || typeof id !== 'string' || !UUID.test(id)) return null;
  return { sort: sort as ClientSort, dir: dir as SortDirection, key: key as (string | number)[], id };
}

/** The digits of a search, matched against the digits of phone numbers ("(555) 010" finds +1 555 010…). */
export const searchDigits = (q: string) => q.replace(/\D/g, '');
/** Fewer digits than this would match most numbers: the search then looks at names and e-mails only. */
export const PHONE_SEARCH_MIN_DIGITS = 3;
