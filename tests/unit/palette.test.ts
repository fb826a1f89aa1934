import { describe, expect, it } from 'vitest';
import { CLIENT_VALUE_PREFIX, DASHBOARD_OPEN_PARAM, dashboardHref, paletteFilter } from '@/lib/palette';

describe('command palette', () => {
  it('shows the clients the server found, whatever the words', () => {
    expect(paletteFilter(`${CLIENT_VALUE_PREFIX}0b7c`, 'someone@mail.test')).toBe(1);
  });

  it('needs every typed word in the label or keywords, ranking a label that starts with the first word higher', () => {
    expect(paletteFilter('Settings: Security', 'settings')).toBe(1);
    expect(paletteFilter('Settings: Security', 'sec pass', ['password'])).toBe(0.5);
    expect(paletteFilter('Settings: Security', 'billing')).toBe(0);
    expect(paletteFilter('Add client', '   ')).toBe(1);
  });

  it('hands an action to the dashboard in the URL', () => {
    const url = new URL(dashboardHref('send-check-in', 'a b'), 'http://x');
    expect(url.pathname).toBe('/dashboard');
    expect(url.searchParams.get('client')).toBe('a b');
    expect(url.searchParams.get(DASHBOARD_OPEN_PARAM)).toBe('send-check-in');
    expect(dashboardHref('add-client')).toBe(`/dashboard?${DASHBOARD_OPEN_PARAM}=add-client`);
  });
});
