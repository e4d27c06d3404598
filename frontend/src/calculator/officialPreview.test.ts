import { describe, expect, test } from 'vitest';
import { emptyCalculator, newJurisdictionRow, toReportPayload } from './calculatorState';
import { previewOfficial } from './officialPreview';

describe('the official preview’s rules (pure)', () => {
  const row = (name: string, fuelType: string, taxRate: number) => ({
    ...newJurisdictionRow(),
    name,
    fuelType,
    totalMiles: '1000',
    taxableMiles: '1000',
    gallonsPurchased: '100',
    taxRate,
  });

  test('a line takes the quarter’s table rate and surcharge for its code and fuel, else its typed rate', () => {
    const ratesByFuel = new Map([['diesel', new Map([['KY', { rate: '0.2200', surchargeRate: '0.1050' }]])]]);
    const { lines, schedules } = previewOfficial(
      [row('Kentucky', 'diesel', 0.5), row('Kentucky', 'gasoline', 0.5)],
      [],
      ratesByFuel,
      '',
    );
    expect(lines.map((line) => [line.rateSource, line.taxRate, line.surchargeRate])).toEqual([
      ['table', 0.22, 0.105],
      ['typed', 0.5, 0],
    ]);
    expect(schedules.map((schedule) => schedule.fuelType)).toEqual(['diesel', 'gasoline']);
  });

  test('the payload names a line’s fuel only when it is not diesel', () => {
    const state = {
      ...emptyCalculator('Acme'),
      jurisdictions: [row('Texas', 'diesel', 0.2), row('Texas', 'gasoline', 0.2)],
    };
    expect(toReportPayload(state, 'draft').jurisdictions.map((line) => line.fuel_type)).toEqual([
      undefined,
      'gasoline',
    ]);
  });
});
