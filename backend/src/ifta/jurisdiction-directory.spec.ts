import { describe, expect, it } from '@jest/globals';
import { createJurisdictionDirectory } from './jurisdiction-directory.js';

describe('createJurisdictionDirectory', () => {
  const directory = createJurisdictionDirectory([
    { name: 'Texas', abbreviation: 'TX', rate: '0.2000', is_active: true },
    { name: 'Oklahoma', abbreviation: 'OK', rate: 0.19, is_active: false },
    { name: 'Kentucky Surcharge', abbreviation: 'KYS', rate: 0.1065, is_active: true },
  ]);

  it("takes the rate from the account's active rate for the abbreviation", () => {
    expect(directory.resolve('tx')).toEqual({ name: 'Texas', abbreviation: 'TX', taxRate: 0.2 });
    expect(directory.resolve('Texas')).toEqual({ name: 'Texas', abbreviation: 'TX', taxRate: 0.2 });
  });

  it('answers rate 0 for a member whose rate is inactive or missing', () => {
    expect(directory.resolve('OK')).toEqual({ name: 'Oklahoma', abbreviation: 'OK', taxRate: 0 });
    expect(directory.resolve('on')).toEqual({ name: 'Ontario', abbreviation: 'ON', taxRate: 0 });
  });

  it("knows the account's own extra rows and refuses non-members", () => {
    expect(directory.resolve('kys')).toEqual({ name: 'Kentucky Surcharge', abbreviation: 'KYS', taxRate: 0.1065 });
    expect(directory.isKnown('Kentucky Surcharge')).toBe(true);
    expect(directory.isKnown('Atlantis')).toBe(false);
    expect(directory.isKnown('')).toBe(false);
  });

  it('accepts AK, HI, DC, YT, NT, NU and MX as non-IFTA places at rate 0', () => {
    expect(directory.resolve('ak')).toEqual({ name: 'Alaska', abbreviation: 'AK', taxRate: 0, nonIfta: true });
    expect(directory.resolve('Mexico')).toEqual({ name: 'Mexico', abbreviation: 'MX', taxRate: 0, nonIfta: true });
    expect(['HI', 'DC', 'YT', 'NT', 'NU'].every((code) => directory.resolve(code)?.nonIfta)).toBe(true);
    expect(directory.resolve('TX')?.nonIfta).toBeUndefined();
  });
});
