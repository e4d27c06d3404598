import { describe, expect, it } from '@jest/globals';
import { hasAtMostDecimals } from './max-decimal-places.js';

describe('hasAtMostDecimals', () => {
  it('accepts numbers within the places, whole numbers and large ones', () => {
    for (const value of [0, -0, 1, 0.971, 0.0001, 123456.1234, 1e21]) expect(hasAtMostDecimals(value, 4)).toBe(true);
  });

  it('refuses more decimals, including numbers printed in exponent notation, without throwing', () => {
    for (const value of [0.00001, 1e-7, 5e-324, -6e-323, 0.1 + 0.2, 1.00005]) {
      expect(hasAtMostDecimals(value, 4)).toBe(false);
    }
  });

  it('refuses what is not a finite number', () => {
    for (const value of [NaN, Infinity, '0.5', null, undefined]) expect(hasAtMostDecimals(value, 4)).toBe(false);
  });
});
