import { describe, expect, it } from 'vitest';
import { emptyCalculator } from './calculatorState';
import {
  entriesOf,
  fingerprint,
  hasUnsavedEdits,
  reportIdOf,
  restoreNoticeOf,
  shouldRestoreFromServer,
  stateFromSession,
  workKeyAfterSave,
  workKeyOf,
} from './workSlots';
import type { CalculatorState, JurisdictionRow } from './types';

// The calculator keeps one piece of work per report (and one for the new report), and a restore replaces.

const row = (name: string, miles: string, gallons: string, id = `${name}-${miles}`): JurisdictionRow => ({
  id,
  name,
  totalMiles: miles,
  taxableMiles: miles,
  gallonsPurchased: gallons,
  taxRate: 0.2,
  isNew: false,
  isEditing: false,
});

const withRows = (rows: JurisdictionRow[], extra: Partial<CalculatorState> = {}): CalculatorState => ({
  ...emptyCalculator('Acme'),
  jurisdictions: rows,
  ...extra,
});

const entry = (state: string, miles: number, gallons: number) => ({
  state,
  tax_rate: 0.2,
  total_miles: miles,
  miles_driven: miles,
  fuel_purchased: gallons,
});

describe('work keys', () => {
  it('keys /calculator?edit={id} as report {id} and /calculator as the new report', () => {
    expect(workKeyOf('abc')).toBe('report:abc');
    expect(workKeyOf(null)).toBe('new');
    expect(reportIdOf('report:abc')).toBe('abc');
    expect(reportIdOf('new')).toBeNull();
  });

  it('files a saved draft under its report, and work after a final save under the new report', () => {
    expect(workKeyAfterSave(withRows([], { reportId: 'd1' }))).toBe('report:d1');
    expect(workKeyAfterSave(withRows([]))).toBe('new');
  });
});

describe('unsaved edits', () => {
  it('counts a changed figure as unsaved, and ignores row ids and edit toggles', () => {
    const saved = withRows([row('Illinois', '58020', '9000', 'a')]);
    const reopened = withRows([{ ...row('Illinois', '58020', '9000', 'b'), isEditing: true }]);
    expect(hasUnsavedEdits({ state: reopened, baseline: fingerprint(saved) })).toBe(false);
    const edited = withRows([row('Illinois', '76440', '9000', 'a')]);
    expect(hasUnsavedEdits({ state: edited, baseline: fingerprint(saved) })).toBe(true);
    expect(hasUnsavedEdits(null)).toBe(false);
  });
});

describe('restoring work in progress', () => {
  const onScreen = withRows([row('Illinois', '58020', '9000')], { reportId: 'b', sourceReportName: 'B' });

  it('replaces the lines with the server’s, never adding them to what is on screen', () => {
    const restored = stateFromSession(
      {
        company_name: 'Acme',
        license_number: 'IL-1',
        tax_period: 'Q3-2026',
        average_mpg: 6.5,
        entries: [entry('Illinois', 76440, 9000), entry('Ohio', 100, 10)],
      },
      onScreen,
      [],
    );
    expect(restored.jurisdictions.map((line) => [line.name, line.taxableMiles])).toEqual([
      ['Illinois', '76440'],
      ['Ohio', '100'],
    ]);
    expect(restored.generalInfo.averageMPG).toBe('6.5');
    // Which report the work belongs to stays this browser's.
    expect(restored.reportId).toBe('b');
  });

  it('takes the server’s copy only when it differs and is newer than this browser’s', () => {
    const differing = { entries: [entry('Illinois', 76440, 9000)], average_mpg: 0, updated_at: '2026-11-26T08:00:00Z' };
    expect(shouldRestoreFromServer(onScreen, null, differing)).toBe(true);
    expect(shouldRestoreFromServer(onScreen, '2026-11-26T07:00:00Z', differing)).toBe(true);
    expect(shouldRestoreFromServer(onScreen, '2026-11-26T09:00:00Z', differing)).toBe(false);
    const same = { entries: entriesOf(onScreen), average_mpg: 0, updated_at: '2026-11-26T08:00:00Z' };
    expect(shouldRestoreFromServer(onScreen, null, same)).toBe(false);
    expect(shouldRestoreFromServer(onScreen, null, null)).toBe(false);
  });

  it('does not let an empty server copy wipe the screen', () => {
    expect(
      shouldRestoreFromServer(onScreen, null, { entries: [], average_mpg: 0, updated_at: '2099-01-01T00:00:00Z' }),
    ).toBe(false);
    // Nor one that holds only a typed MPG: the report's lines on screen stay.
    expect(
      shouldRestoreFromServer(onScreen, null, { entries: [], average_mpg: 5, updated_at: '2099-01-01T00:00:00Z' }),
    ).toBe(false);
  });

  it('names what it restores: the report and the number of lines', () => {
    expect(restoreNoticeOf('report:b', onScreen, '2026-11-26T08:00:00Z')).toEqual({
      key: 'report:b',
      reportName: 'B',
      lines: 1,
      savedAt: '2026-11-26T08:00:00Z',
    });
  });
});
