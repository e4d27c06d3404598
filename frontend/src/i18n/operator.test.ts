import { expect, test } from 'vitest';
import { operatorEn } from './operator.en';
import { operatorRu } from './operator.ru';

// The console's messages load with its chunk (operator/screens.ts), outside en.ts and ru.ts, so parity.test.ts and
// english.test.ts do not see them: the same checks, here.
const leaves = (messages: object, prefix = ''): Array<[string, string]> =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
  );

test('the operator console has the same message keys in English and Russian', () => {
  const english = leaves(operatorEn).map(([key]) => key);
  const russian = leaves(operatorRu).map(([key]) => key);
  expect(russian.filter((key) => !english.includes(key))).toEqual([]);
  expect(english.filter((key) => !russian.includes(key))).toEqual([]);
});

test('no operator console message is empty, and none of the English ones is in Cyrillic', () => {
  expect([...leaves(operatorEn), ...leaves(operatorRu)].filter(([, text]) => !text.trim())).toEqual([]);
  expect(leaves(operatorEn).filter(([, text]) => /[\u0400-\u04FF]/.test(text))).toEqual([]);
});
