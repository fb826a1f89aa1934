/** The navigation clock's zones (spec 01 §2); offsets are standard-time minutes as the spec lists them. */
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
