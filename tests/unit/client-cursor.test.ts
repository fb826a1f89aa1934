import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, searchDigits, type ClientCursor } from '@/lib/client-list';
import { clientListQuerySchema } from '@/lib/schemas/clients';

const ID = '3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b';

describe('the client list cursor (decision 0093)', () => {
  it.each<ClientCursor>([
    { sort: 'name', dir: 'asc', key: ['Ada', 'Lovelace'], id: ID },
    { sort: 'name', dir: 'desc', key: ['Zoë', 'Ñúñez 李'], id: ID },
    { sort: 'lastCheckIn', dir: 'desc', key: ['2026-11-25T13:02:10.622417+00:00', 'Bea', ''], id: ID },
    { sort: 'lastCheckIn', dir: 'asc', key: ['1970-01-01T00:00:00+00:00', 'Cy', 'Dee'], id: ID },
    { sort: 'engagement', dir: 'desc', key: [12, 'Eli', 'Flo'], id: ID },
  ])('round-trips $sort $dir as URL-safe text', (cursor) => {
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['not base64', 'not a cursor!'],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['an object', raw({ sort: 'name' })],
    ['an unknown sort', raw(['mood', 'asc', ['a', 'b'], ID])],
    ['an unknown direction', raw(['name', 'up', ['a', 'b'], ID])],
    ['a name key of one part', raw(['name', 'asc', ['a'], ID])],
    ['a date that is not one', raw(['lastCheckIn', 'asc', ['yesterday', 'a', 'b'], ID])],
    ['a negative engagement', raw(['engagement', 'asc', [-1, 'a', 'b'], ID])],
    ['a fractional engagement', raw(['engagement', 'asc', [1.5, 'a', 'b'], ID])],
    ['an id that is not a uuid', raw(['name', 'asc', ['a', 'b'], "x' or 1=1"])],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe]).toString('base64url')],
  ])('refuses %s', (_what, encoded) => {
    expect(decodeCursor(encoded)).toBeNull();
  });

  it('is refused by the query schema when broken or of another sort, naming the field', () => {
    const bad = clientListQuerySchema.safeParse({ cursor: 'broken' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['cursor']);
    const cursor = encodeCursor({ sort: 'name', dir: 'asc', key: ['a', 'b'], id: ID });
    expect(clientListQuerySchema.safeParse({ cursor }).success).toBe(true);
    expect(clientListQuerySchema.safeParse({ cursor, sort: 'name', dir: 'desc' }).error?.issues[0]?.path).toEqual(['cursor']);
    expect(clientListQuerySchema.safeParse({ cursor, sort: 'engagement' }).error?.issues[0]?.path).toEqual(['cursor']);
  });

  it('searches phone numbers on their digits', () => {
    expect(searchDigits('(555) 010-42')).toBe('55501042');
    expect(searchDigits('Ada')).toBe('');
  });
});
