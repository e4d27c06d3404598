import { getStoredUser } from '../providers/authSession';
import { isCalculatorState } from './calculatorState';
import type { CalculatorState } from './types';

/**
 * docs/product-spec.md §4: the calculator autosaves to localStorage. The key carries the user id, so another
 * company signing in on the same browser never sees this one's figures.
 */
const storageKey = (): string => `calculator:${getStoredUser()?.id ?? 'anonymous'}`;

export const loadCalculator = (): CalculatorState | null => {
  try {
    const raw = localStorage.getItem(storageKey());
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isCalculatorState(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export const saveCalculator = (state: CalculatorState): void => {
  try {
    localStorage.setItem(storageKey(), JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the autosave; the page keeps working.
  }
};
