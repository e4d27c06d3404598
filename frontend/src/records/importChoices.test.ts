import { describe, expect, it } from 'vitest';
import { chosenResolutions, mappingDifferences, resolutionOptions } from './importChoices';

describe('import choices', () => {
  it('offers every fuel type or leaving it out for a product, and the kind’s units for a unit', () => {
    expect(resolutionOptions('fuel', 'product')).toContain('gasoline');
    expect(resolutionOptions('fuel', 'product').at(-1)).toBe('skip');
    expect(resolutionOptions('fuel', 'unit')).toEqual(['gal', 'l', 'skip']);
    expect(resolutionOptions('trips', 'unit')).toEqual(['mi', 'km', 'skip']);
    expect(resolutionOptions('fuel', 'price')).toEqual(['none', 'skip']);
  });

  it('lists the fields a remembered mapping reads from another column than the recognised layout', () => {
    expect(
      mappingDifferences(
        { date: 'Transaction Date', unit: 'Card #', jurisdiction: 'Truck Stop State' },
        { date: 'Transaction Date', unit: 'Unit Number', jurisdiction: 'Truck Stop State', vendor: 'Truck Stop Name' },
      ),
    ).toEqual([
      { field: 'unit', inUse: 'Card #', layout: 'Unit Number' },
      { field: 'vendor', inUse: undefined, layout: 'Truck Stop Name' },
    ]);
    expect(mappingDifferences({ date: 'Date' }, null)).toEqual([]);
    expect(mappingDifferences({ date: 'Date' }, { date: 'Date' })).toEqual([]);
  });

  it('sends only the choices made', () => {
    expect(
      chosenResolutions({
        products: { 'Future Defined': 'skip', Other: '' },
        units: { CI: '' },
        prices: { DQ: 'none' },
      }),
    ).toEqual({ products: { 'Future Defined': 'skip' }, units: {}, prices: { DQ: 'none' } });
  });
});
