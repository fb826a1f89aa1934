import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/safe-return';

const SITE = ['http://localhost:3999', 'http://127.0.0.1:3999'];

describe('safeReturnPath', () => {
  it('keeps paths of this site, with query and hash', () => {
    expect(safeReturnPath('/settings?tab=billing', SITE)).toBe('/settings?tab=billing');
    expect(safeReturnPath('/billing#history')).toBe('/billing#history');
    expect(safeReturnPath('/a/./b/../c?x=a%2Fb')).toBe('/a/c?x=a%2Fb');
  });

  it('turns an absolute address of an allowed origin into its path', () => {
    expect(safeReturnPath('http://127.0.0.1:3999/settings?tab=billing', SITE)).toBe('/settings?tab=billing');
    expect(safeReturnPath('http://localhost:3999/billing', SITE)).toBe('/billing');
  });

  it.each([
    ['another site', 'https://evil.example/phish'],
    ['the same host on another port', 'http://127.0.0.1:1/settings'],
    ['another scheme of the site', 'https://localhost:3999/settings'],
    ['protocol-relative', '//evil.example/phish'],
    ['a dot segment that leaves a protocol-relative path', '/x/..//evil.example/phish'],
    ['a dot segment at the start', '/../..//evil.example'],
    ['a backslash (browsers read it as a slash)', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded slashes, lower case', '/%2f%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['an encoded dot segment', '/x/%2E%2E//evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline the URL parser drops', '/\n/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a scheme without slashes', 'https:evil.example'],
    ['a bare relative path', 'settings'],
    ['malformed encoding', '/%E0%A4%A'],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value, SITE)).toBeNull();
  });

  it('refuses an absolute address when no origin is allowed', () => {
    expect(safeReturnPath('http://localhost:3999/settings')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
