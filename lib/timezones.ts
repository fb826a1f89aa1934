/** The navigation clock's zones (product §1.2); offsets are standard-time minutes as the spec lists them. */
export const CLOCK_TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern', offset: -300 },
  { value: 'America/Chicago', label: 'Central', offset: -360 },
  { value: 'America/Denver', label: 'Mountain', offset: -420 },
  { value: 'America/Los_Angeles', label: 'Pacific', offset: -480 },
  { value: 'America/Anchorage', label: 'Alaska', offset: -540 },
  { value: 'Pacific/Honolulu', label: 'Hawaii', offset: -600 },
  { value: 'Etc/GMT', label: 'GMT', offset: 0 },
  { value: 'Europe/Paris', label: 'CET', offset: 60 },
  { value: 'Asia/Tokyo', label: 'JST', offset: 540 },
  { value: 'Australia/Sydney', label: 'Australian Eastern', offset: 600 },
] as const;

export const DEFAULT_CLOCK_TIMEZONE = 'America/New_York';

/** Settings → Profile timezone choices (product §1.9). */
export const SETTINGS_TIMEZONES = [
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Australia/Sydney', label: 'Sydney' },
] as const;

/** The six zones the client falls back to when the timezone list cannot be loaded (product §1.8). */
export const FALLBACK_TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern Time', offset: -300 },
  { value: 'America/Chicago', label: 'Central Time', offset: -360 },
  { value: 'America/Denver', label: 'Mountain Time', offset: -420 },
  { value: 'America/Los_Angeles', label: 'Pacific Time', offset: -480 },
  { value: 'Europe/London', label: 'London', offset: 0 },
  { value: 'UTC', label: 'UTC', offset: 0 },
] as const;

let supported: Set<string> | undefined;

/** Any IANA zone the runtime knows (plus UTC). */
export function isSupportedTimezone(zone: string): boolean {
  supported ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC', 'Etc/GMT']);
  return supported.has(zone);
}

/** Minutes east of UTC for a zone at an instant, DST included. */
export function offsetMinutes(zone: string, at: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** Timezone choices of the coach workspace's client forms (product §2.9). */
export const WORKSPACE_TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Australia/Sydney', label: 'Sydney' },
] as const;

/** A short name for a zone: the workspace label when it has one, else the IANA city. */
export function timezoneLabel(zone: string): string {
  const known = WORKSPACE_TIMEZONES.find((z) => z.value === zone);
  return known ? known.label : (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}
