import { describe, expect, it } from '@jest/globals';
import { findJsonLimit, MAX_OBJECT_KEYS, MAX_PROPERTY_NAMES } from './json-bounds.js';

const json = (text: string) => Buffer.from(text);
const object = (count: number, name = (i: number) => `k${i}`) =>
  `{${Array.from({ length: count }, (_, i) => `"${name(i)}":1`).join(',')}}`;

describe('findJsonLimit', () => {
  it('reads brackets, braces and escaped quotes inside strings as text', () => {
    expect(findJsonLimit(json('{"text":"{{{[[[\\"}}}\\\\","n":[1,2,{"a":"]"}]}'))).toBe(undefined);
    expect(findJsonLimit(json(`{"text":"${'['.repeat(100)}"}`))).toBe(undefined);
  });

  it('refuses an object with more keys than MAX_OBJECT_KEYS, even repeated ones', () => {
    expect(findJsonLimit(json(object(MAX_OBJECT_KEYS)))).toBe(undefined);
    expect(findJsonLimit(json(object(MAX_OBJECT_KEYS + 1, () => 'same')))).toBe('entity.too.many.keys');
  });

  it('refuses more distinct property names than MAX_PROPERTY_NAMES across small objects', () => {
    const list = (count: number) => `[${Array.from({ length: count }, (_, i) => `{"k${i}":1}`).join(',')}]`;
    expect(findJsonLimit(json(list(MAX_PROPERTY_NAMES)))).toBe(undefined);
    expect(findJsonLimit(json(list(MAX_PROPERTY_NAMES + 1)))).toBe('entity.too.many.names');
  });

  it('refuses nesting past 32 levels and more than 100,000 values', () => {
    expect(findJsonLimit(json(`${'['.repeat(32)}${']'.repeat(32)}`))).toBe(undefined);
    expect(findJsonLimit(json(`${'['.repeat(33)}${']'.repeat(33)}`))).toBe('entity.too.deep');
    expect(findJsonLimit(json(`[${Array.from({ length: 100_001 }, () => 0).join(',')}]`))).toBe(
      'entity.too.many.values',
    );
  });
});
