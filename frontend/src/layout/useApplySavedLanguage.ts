import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import { useSettingsQuery } from '../settings/useSettings';
import { getToken } from '../providers/authSession';

/**
 * The session (token) whose saved language was already applied. Module-level because react-admin
 * remounts the layout on every language change; a ref would re-apply the saved language and undo
 * the switch the user just made in Settings.
 */
let appliedForToken: string | null = null;

/**
 * Once per signed-in session (after login, or on a reload), switch the UI to the language saved in
 * the user's settings. Later changes come from the Settings page itself.
 */
export const useApplySavedLanguage = (): void => {
  const { data } = useSettingsQuery();
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    const token = getToken();
    if (!data || !token || appliedForToken === token) return;
    appliedForToken = token;
    if (data.language !== locale) setLocale(data.language);
  }, [data, locale, setLocale]);
};
