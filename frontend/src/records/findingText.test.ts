import { describe, expect, it } from 'vitest';
import type { HealthFinding } from '../api/types';
import { findingText, groupFindings, recordsLink } from './findingText';

const finding = (check: HealthFinding['check'], details: HealthFinding['details']): HealthFinding => ({
  check,
  key: 'k',
  unit: 'T-1',
  severity: 'high',
  message: '',
  details,
  trip_ids: [],
  fuel_ids: [],
  acknowledged: false,
  acknowledged_by: null,
  acknowledged_at: null,
  acknowledgement_note: null,
});

/** A translate that shows the key and its values, so the test sees what each placeholder receives. */
const translate = (key: string, options?: Record<string, unknown>) =>
  key.startsWith('recordsHealth.finding.')
    ? `${key.split('.').pop()} ${JSON.stringify(options)}`
    : key.startsWith('rateHistory.fuel_types.')
      ? key.split('.').pop()!.toUpperCase()
      : key.split('.').pop()!;

describe('findingText', () => {
  it('fills an MPG finding with grouped miles, two-decimal MPG and the band', () => {
    const text = findingText(
      finding('mpg_out_of_band', { miles: 12000, gallons: 4000, mpg: 3, mpg_min: 4, mpg_max: 8.5 }),
      translate,
      (day) => day,
    );
    expect(text).toContain('"miles":"12,000"');
    expect(text).toContain('"mpg":"3.00"');
    expect(text).toContain('"mpg_max":"8.5"');
  });

  it('names missing receipt fields and fuel types, and writes days in the account format', () => {
    const receipt = findingText(
      finding('receipt_missing_fields', { missing: ['vendor', 'total_price'], gallons: 10, jurisdiction: 'TX' }),
      translate,
      (day) => day,
    );
    expect(receipt).toContain('"missing":"vendor, total_price"');
    const fuel = findingText(
      finding('fuel_type_mismatch', { fuel_type: 'diesel', other_fuel_types: ['gasoline'], gallons: 5 }),
      translate,
      (day) => day,
    );
    expect(fuel).toContain('"fuel_type":"DIESEL"');
    expect(fuel).toContain('"other_fuel_types":"GASOLINE"');
    const gap = findingText(finding('odometer_gap', { from: '2026-07-01', to: '2026-07-02' }), translate, (day) =>
      day.split('-').reverse().join('.'),
    );
    expect(gap).toContain('"from":"01.07.2026"');
  });
});

describe('groupFindings', () => {
  it('groups by check in the page order and leaves out checks with no finding', () => {
    const groups = groupFindings([finding('fuel_type_mismatch', {}), finding('odometer_gap', {})]);
    expect(groups.map(([check, list]) => [check, list.length])).toEqual([
      ['odometer_gap', 1],
      ['fuel_type_mismatch', 1],
    ]);
  });
});

describe('recordsLink', () => {
  it('names the records by id, or the unit when they are too many for one link', () => {
    expect(recordsLink('trips', ['a', 'b'], 'T-1', 'Q3-2026')).toBe('/records?tab=trips&period=Q3-2026&ids=a%2Cb');
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`);
    expect(recordsLink('fuel', many, 'T-1', 'Q3-2026')).toBe('/records?tab=fuel&period=Q3-2026&unit=T-1');
  });
});
