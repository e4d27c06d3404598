import { describe, expect, it } from '@jest/globals';
import { unitFuelMismatches, unitFuelTypes } from './unit-fuel.js';

describe("a unit's fuel type", () => {
  const rows = [
    { unit: 'T1', fuelType: 'diesel', gallons: '250' },
    { unit: 'T1', fuelType: 'gasoline', gallons: '10' },
    { unit: 'V2', fuelType: 'gasoline', gallons: '90' },
    { unit: 'T1', fuelType: 'diesel', gallons: '0.5' },
  ];

  it('is the fuel it bought most of: a diesel truck that once bought 10 gallons of gasoline stays diesel', () => {
    expect([...unitFuelTypes(rows)]).toEqual([
      ['T1', 'diesel'],
      ['V2', 'gasoline'],
    ]);
  });

  it('goes to diesel on a tie, then to the first name, whatever the order of the rows', () => {
    const tie = [
      { unit: 'A', fuelType: 'propane', gallons: 5 },
      { unit: 'A', fuelType: 'diesel', gallons: 5 },
      { unit: 'B', fuelType: 'propane', gallons: 5 },
      { unit: 'B', fuelType: 'gasoline', gallons: 5 },
    ];
    expect([...unitFuelTypes(tie)]).toEqual([...unitFuelTypes([...tie].reverse())]);
    expect(unitFuelTypes(tie).get('A')).toBe('diesel');
    expect(unitFuelTypes(tie).get('B')).toBe('gasoline');
  });

  it('lists the units that bought another fuel than their own, with its gallons', () => {
    expect(unitFuelMismatches(rows)).toEqual([
      { unit: 'T1', fuelType: 'diesel', otherFuels: [{ fuelType: 'gasoline', gallons: '10' }] },
    ]);
  });

  it("checks the purchases against the fuel a unit's vehicle names, when it names one", () => {
    // V2 bought only gasoline, but its vehicle says propane: every gallon it bought disagrees.
    expect(unitFuelMismatches(rows, (unit) => (unit === 'V2' ? 'propane' : undefined))).toEqual([
      { unit: 'T1', fuelType: 'diesel', otherFuels: [{ fuelType: 'gasoline', gallons: '10' }] },
      { unit: 'V2', fuelType: 'propane', otherFuels: [{ fuelType: 'gasoline', gallons: '90' }] },
    ]);
  });
});
