import { describe, expect, it } from '@jest/globals';
import { findIftaJurisdiction, IFTA_CODES, IFTA_JURISDICTIONS } from './jurisdictions.js';

describe('IFTA member jurisdictions', () => {
  it('lists the 48 contiguous states and 10 provinces, each code once', () => {
    expect(IFTA_JURISDICTIONS).toHaveLength(58);
    expect(new Set(IFTA_CODES).size).toBe(58);
    expect(IFTA_JURISDICTIONS.filter((j) => j.country === 'USA')).toHaveLength(48);
    expect(IFTA_JURISDICTIONS.filter((j) => j.country === 'Canada').map((j) => j.code)).toEqual(
      'AB BC MB NB NL NS ON PE QC SK'.split(' '),
    );
  });

  it.each(['AK', 'HI', 'DC', 'NT', 'NU', 'YT'])('leaves out the non-member %s', (code) => {
    expect(findIftaJurisdiction(code)).toBeUndefined();
  });

  it('finds a jurisdiction by code or name, in any case and spacing', () => {
    expect(findIftaJurisdiction('tx')?.name).toBe('Texas');
    expect(findIftaJurisdiction(' new  york ')?.code).toBe('NY');
    expect(findIftaJurisdiction('Quebec')).toEqual({ code: 'QC', name: 'Quebec', country: 'Canada' });
    expect(findIftaJurisdiction('')).toBeUndefined();
    expect(findIftaJurisdiction(undefined)).toBeUndefined();
  });
});
