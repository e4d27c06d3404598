import { describe, expect, test } from 'vitest';
import { atStoredScale } from './storedScale';

describe('atStoredScale (the browser rounds inputs as the server stores them)', () => {
  test('shows MPG 6.555 as 6.56, miles 100.0005 as 100.001 and a rate 0.12345 as 0.1235', () => {
    expect(atStoredScale('6.555', 'mpg')).toBe('6.56');
    expect(atStoredScale('100.0005', 'miles')).toBe('100.001');
    expect(atStoredScale('0.12345', 'rate')).toBe('0.1235');
  });

  test('keeps a blank field blank and a figure already at scale as typed', () => {
    expect(atStoredScale('', 'gallons')).toBe('');
    expect(atStoredScale('1500', 'miles')).toBe('1500');
  });
});
