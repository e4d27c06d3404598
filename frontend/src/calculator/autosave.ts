import { storedWorkOwner } from '../providers/authSession';
import { isCalculatorState } from './calculatorState';
import { isWorkKey, type StoredWork, type WorkKey } from './workSlots';

/**
 * docs/product-spec.md §4: the calculator autosaves to localStorage, one entry per piece of work (the new report,
 * or a report being edited), so unsaved work on one report stays that report's. The keys carry the user id, so
 * another company signing in on the same browser never sees this one's figures; without a signed-in user nothing
 * is read or written.
 */
// The person and the company they act for: switching companies never shows one company's figures in another.
const userId = (): string | null => storedWorkOwner();
const workStorageKey = (user: string, key: WorkKey) => `calculator:${user}:${key}`;
/** The work last opened: where the Calculator link continues. */
const currentStorageKey = (user: string) => `calculator-current:${user}`;

const isStoredWork = (value: unknown): value is StoredWork => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StoredWork>;
  return (
    isWorkKey(candidate.key) &&
    isCalculatorState(candidate.state) &&
    typeof candidate.baseline === 'string' &&
    typeof candidate.savedAt === 'string'
  );
};

export const loadWork = (key: WorkKey): StoredWork | null => {
  const user = userId();
  if (!user) return null;
  try {
    const raw = localStorage.getItem(workStorageKey(user, key));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredWork(parsed) && parsed.key === key ? parsed : null;
  } catch {
    return null;
  }
};

export const saveWork = (work: StoredWork): void => {
  const user = userId();
  if (!user) return;
  try {
    localStorage.setItem(workStorageKey(user, work.key), JSON.stringify(work));
  } catch {
    // A full or blocked storage only loses the autosave; the page keeps working.
  }
};

export const forgetWork = (key: WorkKey): void => {
  const user = userId();
  if (!user) return;
  try {
    localStorage.removeItem(workStorageKey(user, key));
  } catch {
    // Nothing kept, nothing to forget.
  }
};

export const loadCurrentWork = (): WorkKey | null => {
  const user = userId();
  if (!user) return null;
  try {
    const value = localStorage.getItem(currentStorageKey(user));
    return isWorkKey(value) ? value : null;
  } catch {
    return null;
  }
};

export const saveCurrentWork = (key: WorkKey): void => {
  const user = userId();
  if (!user) return;
  try {
    localStorage.setItem(currentStorageKey(user), key);
  } catch {
    // The Calculator link then opens the new report.
  }
};
