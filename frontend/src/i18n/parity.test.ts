import { expect, test } from 'vitest';
import { en } from './en';
import { ru } from './ru';

/** Every leaf key of a nested message object, as dotted paths. */
const leafKeys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`),
  );

const leafValues = (messages: object): string[] =>
  Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : leafValues(value as object)));

test('English and Russian messages have exactly the same keys', () => {
  const english = leafKeys(en).sort();
  const russian = leafKeys(ru).sort();
  expect(
    russian.filter((key) => !english.includes(key)),
    'keys only in ru.ts',
  ).toEqual([]);
  expect(
    english.filter((key) => !russian.includes(key)),
    'keys only in en.ts',
  ).toEqual([]);
});

test('no message is empty in either language', () => {
  expect(leafValues(en).filter((text) => !text.trim())).toEqual([]);
  expect(leafValues(ru).filter((text) => !text.trim())).toEqual([]);
});
