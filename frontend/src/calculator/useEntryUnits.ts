import { useMemo } from 'react';
import { readSettingsCache } from '../providers/authSession';
import type { UserSettings } from '../api/types';
import { useSettingsQuery } from '../settings/useSettings';
import { type EntryUnits, entryUnitsOf } from './entryUnits';

/**
 * The units this account types figures in (Settings, Units): the loaded settings, else the ones this browser cached
 * the last time they were loaded or saved, so a reload shows the right labels at once.
 */
export const useEntryUnits = (): EntryUnits => {
  const { data } = useSettingsQuery();
  const settings = data ?? (readSettingsCache() as Partial<UserSettings> | null);
  const unit = settings?.distance_unit;
  const base = settings?.base_jurisdiction ?? '';
  return useMemo(() => entryUnitsOf({ distance_unit: unit ?? 'miles_gallons', base_jurisdiction: base }), [unit, base]);
};
