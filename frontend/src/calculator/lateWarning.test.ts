import { describe, expect, test } from 'vitest';
import { lateWarning } from './lateWarning';

const RATES_2025 = [{ from: '2025-01-01', to: '2025-12-31', annualRate: '0.09' }];

describe('lateWarning', () => {
  test('is nothing for a final saved on or before its due date, or for a period with no due date', () => {
    expect(lateWarning('Q3-2025', '2025-10-31', [], RATES_2025)).toBeNull();
    expect(lateWarning('', '2025-12-15', [], RATES_2025)).toBeNull();
  });

  test('gives the $50 penalty and two months of interest on tax plus surcharge, as the server files it', () => {
    // The late KY/VA/TN return of the documents suites: $111.37 penalty and $42.85 interest on tax plus surcharge.
    const warning = lateWarning(
      'Q3-2025',
      '2025-12-15',
      [
        { code: 'KY', taxDue: 1240.36, surchargeDue: 801.99 },
        { code: 'VA', taxDue: 267.81, surchargeDue: 546.12 },
        { code: 'TN', taxDue: -1742.58, surchargeDue: 0 },
      ],
      RATES_2025,
    );
    expect(warning).toEqual({ dueDate: '2025-10-31', penalty: 111.37, interest: 42.85, totalToRemit: 1267.92 });
  });

  test('says the interest is unknown when a month has no annual rate on record', () => {
    const warning = lateWarning('Q3-2026', '2026-11-26', [{ code: 'TX', taxDue: 10, surchargeDue: 0 }], RATES_2025);
    expect(warning).toEqual({ dueDate: '2026-11-02', penalty: 50, interest: null, totalToRemit: null });
  });
});
