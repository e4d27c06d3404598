import { describe, expect, it } from '@jest/globals';
import { proratedUpgradeCents, toCents } from './proration.js';

const start = new Date('2026-11-01T00:00:00Z');
const end = new Date('2026-12-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

describe('proratedUpgradeCents', () => {
  it('charges the whole difference at the start of the period and half of it halfway', () => {
    expect(proratedUpgradeCents(29, 59, start, end, start)).toBe(3000);
    expect(proratedUpgradeCents(59, 129, start, end, at('2026-11-16T00:00:00Z'))).toBe(3500);
  });

  it('rounds half a cent up and charges nothing for a downgrade or an ended period', () => {
    // 30 days, 1 day left of a $0.15 difference: 0.5 cent.
    expect(proratedUpgradeCents('10.00', '10.15', start, end, at('2026-11-30T00:00:00Z'))).toBe(1);
    expect(proratedUpgradeCents(129, 29, start, end, start)).toBe(0);
    expect(proratedUpgradeCents(29, 129, start, end, end)).toBe(0);
  });

  it('reads prices as decimal text', () => {
    expect(toCents('129.00')).toBe(12900);
    expect(toCents('0.5')).toBe(50);
    expect(toCents(59)).toBe(5900);
  });
});
