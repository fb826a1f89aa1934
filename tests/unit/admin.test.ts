import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, effectivePermissions, hasAdminPermission } from '@/lib/admin-permissions';
import { dateRangeQuerySchema } from '@/lib/schemas/admin';

describe('effectivePermissions (product §2.6, decision 0029)', () => {
  it('gives a coach nothing and a super admin everything whatever its level', () => {
    expect(effectivePermissions({ role: 'coach', adminLevel: 'full', adminPermissions: [...ADMIN_PERMISSIONS] })).toEqual([]);
    expect(effectivePermissions({ role: 'super_admin', adminLevel: 'basic', adminPermissions: [] })).toEqual([...ADMIN_PERMISSIONS]);
  });

  it('treats role admin as full unless a lower level is set', () => {
    expect(effectivePermissions({ role: 'admin', adminLevel: null })).toEqual([...ADMIN_PERMISSIONS]);
    expect(effectivePermissions({ role: 'admin', adminLevel: 'full' })).toEqual([...ADMIN_PERMISSIONS]);
    expect(effectivePermissions({ role: 'admin', adminLevel: 'basic', adminPermissions: [] })).toEqual(['admin:view_analytics', 'admin:view_billing']);
  });

  it('adds individually granted permissions to a level, and full_access grants all', () => {
    const extra = effectivePermissions({ role: 'admin', adminLevel: 'basic', adminPermissions: ['admin:manage_billing', 'not-a-permission'] });
    expect(extra).toEqual(['admin:view_analytics', 'admin:view_billing', 'admin:manage_billing']);
    expect(hasAdminPermission({ role: 'admin', adminLevel: 'intermediate', adminPermissions: ['admin:full_access'] }, 'admin:system_settings')).toBe(true);
    expect(hasAdminPermission({ role: 'admin', adminLevel: 'intermediate', adminPermissions: [] }, 'admin:manage_billing')).toBe(false);
  });
});

describe('dateRangeQuerySchema', () => {
  const parse = (q: Record<string, string>) => dateRangeQuerySchema.safeParse(q);

  it('includes the whole end day and starts at the start day’s midnight in the zone', () => {
    const utc = parse({ startDate: '2021-03-01', endDate: '2021-03-31' });
    expect(utc.success && { from: utc.data.from.toISOString(), to: utc.data.to.toISOString(), tz: utc.data.timezone }).toEqual({
      from: '2021-03-01T00:00:00.000Z',
      to: '2021-04-01T00:00:00.000Z',
      tz: 'UTC',
    });
    const ny = parse({ startDate: '2021-03-01', endDate: '2021-03-31', timezone: 'America/New_York' });
    // Daylight saving starts on 14 March: midnight is 05:00 UTC before, 04:00 UTC after.
    expect(ny.success && [ny.data.from.toISOString(), ny.data.to.toISOString()]).toEqual(['2021-03-01T05:00:00.000Z', '2021-04-01T04:00:00.000Z']);
  });

  it('takes ISO instants as given, the end inclusive', () => {
    const r = parse({ startDate: '2021-03-01T10:00:00Z', endDate: '2021-03-01T12:00:00Z' });
    expect(r.success && [r.data.from.toISOString(), r.data.to.toISOString()]).toEqual(['2021-03-01T10:00:00.000Z', '2021-03-01T12:00:00.001Z']);
  });

  it('defaults to the last 30 days and refuses bad input', () => {
    const r = parse({});
    expect(r.success && r.data.to.getTime() - r.data.from.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(parse({ startDate: '2021-04-01', endDate: '2021-03-01' }).success).toBe(false);
    expect(parse({ startDate: '2021-02-30' }).success).toBe(false);
    expect(parse({ startDate: 'soon' }).success).toBe(false);
    expect(parse({ timezone: 'Nowhere/Land' }).success).toBe(false);
  });
});
