import { describe, expect, it } from 'vitest';
import { adminPlaceFor, adminViewHref, resolveAdminView } from '@/lib/admin-views';

const BASIC = ['overview', 'api-usage', 'billing'];

describe('resolveAdminView', () => {
  it('opens the view asked for when the admin may see it', () => {
    expect(resolveAdminView('billing', BASIC)).toBe('billing');
    expect(resolveAdminView('overview', BASIC)).toBe('overview');
  });

  it('falls back to the first allowed view for a missing, unknown or forbidden one', () => {
    expect(resolveAdminView(null, BASIC)).toBe('overview');
    expect(resolveAdminView(undefined, BASIC)).toBe('overview');
    expect(resolveAdminView('', BASIC)).toBe('overview');
    expect(resolveAdminView('no-such-view', BASIC)).toBe('overview');
    expect(resolveAdminView('admin-management', BASIC)).toBe('overview');
  });

  it('always allows Profile, which is the view of an admin with no other', () => {
    expect(resolveAdminView('profile', BASIC)).toBe('profile');
    expect(resolveAdminView('profile', [])).toBe('profile');
    expect(resolveAdminView('billing', [])).toBe('profile');
  });
});

describe('admin addresses', () => {
  it('puts the view in the tab parameter', () => {
    expect(adminViewHref('revenue-analytics')).toBe('/admin-dashboard?tab=revenue-analytics');
  });

  it('sends an admin from their own coach pages to Profile and from the others home', () => {
    expect(adminPlaceFor('/settings')).toBe('/admin-dashboard?tab=profile');
    expect(adminPlaceFor('/profile')).toBe('/admin-dashboard?tab=profile');
    expect(adminPlaceFor('/dashboard')).toBe('/admin-dashboard');
    expect(adminPlaceFor('/analytics/clients')).toBe('/admin-dashboard');
    expect(adminPlaceFor('/billing/portal')).toBe('/admin-dashboard');
    expect(adminPlaceFor('/settingsx')).toBe('/admin-dashboard');
  });
});
