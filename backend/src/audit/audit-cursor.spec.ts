import { describe, expect, it } from '@jest/globals';
import { decodeCursor, encodeCursor } from './audit-cursor.js';

describe('audit cursor', () => {
  const cursor = { at: '2026-11-26T14:30:21.123456Z', id: '0b8e5a52-4a59-4f7e-9a43-2f1f0d7c6b11' };

  it('decodes what it encoded, and is opaque text safe in a query string', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text).not.toContain(cursor.id);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64url', 'a b'],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['an object', Buffer.from(JSON.stringify({ at: cursor.at, id: cursor.id })).toString('base64url')],
    ['a bad id', Buffer.from(JSON.stringify([cursor.at, 'x'])).toString('base64url')],
    ['a bad time', Buffer.from(JSON.stringify(['yesterday', cursor.id])).toString('base64url')],
    ['too long', 'A'.repeat(401)],
  ])('refuses %s', (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
