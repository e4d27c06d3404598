import { expect, test } from 'vitest';
import { en } from './en';

const leaves = (messages: object, prefix = ''): Array<[string, string]> =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
  );

/** The language picker names each language in itself, so its Russian entry is the one Cyrillic English may hold. */
const NAMES_OF_LANGUAGES = new Set(['app.language.ru']);

test('no English message is written in Cyrillic (the English screen never shows a Russian sentence)', () => {
  const cyrillic = leaves(en).filter(([key, text]) => /[\u0400-\u04FF]/.test(text) && !NAMES_OF_LANGUAGES.has(key));
  expect(cyrillic).toEqual([]);
});
