import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { IFTA_CODES, IFTA_JURISDICTIONS } from '../../ifta/jurisdictions.js';
import { IFTA_DIESEL_RATES_2026_Q2, IFTA_DIESEL_RATES_EFFECTIVE_DATE } from './ifta-diesel-rates-2026-Q2.js';
import { SEED_TAX_RATES_SQL, seedTaxRates } from './seed-tax-rates.js';

const byCode = new Map(IFTA_DIESEL_RATES_2026_Q2.map((r) => [r.abbreviation, r]));

describe('IFTA diesel rate data file (2Q2026)', () => {
  it('holds exactly the 58 member jurisdictions, once each, with their countries', () => {
    expect(IFTA_DIESEL_RATES_2026_Q2).toHaveLength(58);
    expect([...byCode.keys()].sort()).toEqual([...IFTA_CODES].sort());
    for (const j of IFTA_JURISDICTIONS) expect(byCode.get(j.code)?.country).toBe(j.country);
    expect(IFTA_DIESEL_RATES_2026_Q2.filter((r) => r.country === 'Canada')).toHaveLength(10);
  });

  it.each([
    ['CA', 0.971],
    ['IL', 0.738],
    ['KY', 0.22],
    ['VA', 0.327],
    ['ON', 0.249],
    ['CT', 0.489],
    ['CO', 0.325],
    ['IA', 0.325],
  ])('has the matrix base diesel rate for %s (%d $/gal)', (code, rate) => {
    expect(byCode.get(code)?.rate).toBe(rate);
  });

  it('gives Oregon 0.0000 (weight-mile tax, no diesel rate in the matrix)', () => {
    expect(byCode.get('OR')).toEqual({ name: 'Oregon', abbreviation: 'OR', rate: 0, country: 'USA' });
  });

  it('keeps every rate non-negative with at most 4 decimals, and every name in title case', () => {
    for (const r of IFTA_DIESEL_RATES_2026_Q2) {
      expect(r.rate).toBeGreaterThanOrEqual(0);
      expect(Number(r.rate.toFixed(4))).toBe(r.rate);
      expect(r.name).toMatch(/^(\p{Lu}\p{Ll}*)( \p{Lu}\p{Ll}*)*$/u);
      expect(r.abbreviation).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('is effective on the first day of the quarter, 2026-04-01', () => {
    expect(IFTA_DIESEL_RATES_EFFECTIVE_DATE).toBe('2026-04-01');
  });

  it('names its source in its header', () => {
    const text = readFileSync(new URL('./ifta-diesel-rates-2026-Q2.ts', import.meta.url), 'utf8');
    expect(text).toContain('IFTA, Inc.');
    expect(text).toContain('2Q2026');
    expect(text).toContain('special_diesel');
  });
});

describe('seedTaxRates', () => {
  it('writes every rate for the account in one statement (one round trip)', async () => {
    const calls: Array<[string, unknown[]]> = [];
    const manager = {
      query: async (sql: string, params?: unknown[]) => {
        calls.push([sql, params ?? []]);
        return [];
      },
    };
    await seedTaxRates(manager as never, 'account-1');
    expect(calls).toHaveLength(1);
    const [sql, params] = calls[0];
    expect(sql).toBe(SEED_TAX_RATES_SQL);
    expect(sql).toMatch(/^\s*INSERT INTO tax_rates/);
    const [userId, names, codes, rates, countries, date] = params as [
      string,
      string[],
      string[],
      string[],
      string[],
      string,
    ];
    expect(userId).toBe('account-1');
    expect(names).toHaveLength(58);
    expect(codes[names.indexOf('California')]).toBe('CA');
    expect(rates[codes.indexOf('CA')]).toBe('0.9710');
    expect(rates[codes.indexOf('OR')]).toBe('0.0000');
    expect(countries[codes.indexOf('ON')]).toBe('Canada');
    expect(date).toBe('2026-04-01');
  });

  it('sends nothing for an empty table', async () => {
    let called = 0;
    await seedTaxRates({ query: async () => void called++ } as never, 'account-1', []);
    expect(called).toBe(0);
  });
});
