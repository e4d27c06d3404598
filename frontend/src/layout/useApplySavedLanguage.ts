import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { useSettingsQuery } from '../pages/settings/useSettings';

/**
 * Once per signed-in visit (after login or a reload), switch the UI to the language saved in the
 * user's settings. Later changes come from the Settings page itself, so this never fights them.
 */
export const useApplySavedLanguage = (): void => {
  const { data } = useSettingsQuery();
  const [locale, setLocale] = useLocaleState();
  const applied = useRef(false);
  useEffect(() => {
    if (!data || applied.current) return;
    applied.current = true;
    if (data.language !== locale) setLocale(data.language);
  }, [data, locale, setLocale]);
};
