/**
 * The command palette (issue 20 item 4, decision 0097): what it lists and how it hands an action to
 * the dashboard. The dashboard owns the client dialogs, so the palette asks for one through the URL
 * (`/dashboard?client=<id>&open=send-check-in`) and the dashboard removes `open` once it has acted:
 * the same request made twice is two URL changes, and a reload never reopens a dialog.
 */

/** Milliseconds between the last key press and the client search. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 300;
/** Clients the palette shows for one search: the list endpoint's `limit`. */
export const PALETTE_CLIENT_LIMIT = 8;

export const DASHBOARD_OPEN_PARAM = 'open';
/** What the dashboard opens when asked: a client, the Add client form, or one of a client's dialogs. */
export const DASHBOARD_OPEN_ACTIONS = ['client', 'add-client', 'send-check-in', 'ai-schedule'] as const;
export type DashboardOpenAction = (typeof DASHBOARD_OPEN_ACTIONS)[number];

export function dashboardHref(action: DashboardOpenAction, clientId?: string): string {
  const search = new URLSearchParams();
  if (clientId) search.set('client', clientId);
  search.set(DASHBOARD_OPEN_PARAM, action);
  return `/dashboard?${search.toString()}`;
}

/** The cmdk value of a client item: the id, as names are not unique. */
export const CLIENT_VALUE_PREFIX = 'client:';

/**
 * cmdk's score of an item for the words typed. Clients were found by the server (which also matches
 * e-mail and phone), so they are shown as answered; a screen or action needs every word in its label
 * or keywords, and ranks first when its label starts with the first word.
 */
export function paletteFilter(value: string, search: string, keywords: string[] = []): number {
  if (value.startsWith(CLIENT_VALUE_PREFIX)) return 1;
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const haystack = [value, ...keywords].join(' ').toLowerCase();
  if (!words.every((w) => haystack.includes(w))) return 0;
  return value.toLowerCase().startsWith(words[0]!) ? 1 : 0.5;
}

export interface PaletteScreen {
  label: string;
  href: string;
  /** Other words a coach may type for it. */
  keywords: string[];
}

/** The coach's screens, in the order of the navigation bar, then the settings tabs. */
export const COACH_SCREENS: PaletteScreen[] = [
  { label: 'Dashboard', href: '/dashboard', keywords: ['clients', 'home', 'workspace'] },
  { label: 'Analytics: Overview', href: '/analytics/overview', keywords: ['stats', 'reports'] },
  { label: 'Analytics: Clients', href: '/analytics/clients', keywords: ['stats', 'reports'] },
  { label: 'Analytics: Goals', href: '/analytics/goals', keywords: ['stats', 'reports', 'progress'] },
  { label: 'Analytics: Communication', href: '/analytics/engagement', keywords: ['stats', 'engagement', 'messages', 'reports'] },
  { label: 'Settings: Profile', href: '/settings?tab=profile', keywords: ['account', 'name', 'timezone', 'coaching approach'] },
  { label: 'Settings: Security', href: '/settings?tab=security', keywords: ['password', 'two-factor', '2fa', 'sessions'] },
  { label: 'Settings: Billing', href: '/settings?tab=billing', keywords: ['plan', 'subscription', 'invoices'] },
  { label: 'Settings: Notifications', href: '/settings?tab=notifications', keywords: ['alerts', 'email', 'push'] },
  { label: 'Settings: Appearance', href: '/settings?tab=appearance', keywords: ['theme', 'dark', 'font', 'colour'] },
  { label: 'Billing', href: '/billing', keywords: ['plan', 'upgrade', 'payment', 'card'] },
  { label: 'Billing portal', href: '/billing/portal', keywords: ['invoices', 'payment method'] },
  { label: 'Profile', href: '/profile', keywords: ['account', 'me'] },
];


export const PALETTE_TEXTS = {
  label: 'Command palette',
  placeholder: 'Search clients, screens and actions…',
  results: 'Results',
  button: 'Search',
  noResults: 'No results',
  searching: 'Searching clients…',
  searchFailed: 'Client search failed. Keep typing to try again.',
  groups: { clients: 'Clients', actions: 'Actions', screens: 'Screens' },
  addClient: 'Add client',
  sendCheckIn: (name: string) => `Send check-in to ${name}`,
  aiSchedule: (name: string) => `Open ${name}'s AI schedule`,
  toggleTheme: (to: 'light' | 'dark') => `Switch to ${to} theme`,
  themeFailed: 'The theme could not be saved',
} as const;
