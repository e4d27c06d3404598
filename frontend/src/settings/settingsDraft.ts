import { useCallback, useSyncExternalStore } from 'react';
import type { UserSettings } from '../api/types';

/**
 * The settings being edited, kept outside the component: switching the language makes react-admin
 * remount the whole tree, and the form (with its new language and any other unsaved edits) must
 * come back as it was. Cleared on save, reset and leaving the page.
 */
let draft: UserSettings | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const setSettingsDraft = (next: UserSettings | null): void => {
  draft = next;
  listeners.forEach((listener) => listener());
};

export const useSettingsDraft = (): [
  UserSettings | null,
  (patch: Partial<UserSettings>, base: UserSettings) => void,
] => {
  const current = useSyncExternalStore(subscribe, () => draft);
  const update = useCallback(
    (patch: Partial<UserSettings>, base: UserSettings) => setSettingsDraft({ ...(draft ?? base), ...patch }),
    [],
  );
  return [current, update];
};
