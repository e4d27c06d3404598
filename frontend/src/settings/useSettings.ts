import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { storeSettingsCache } from '../providers/authSession';
import type { UserSettings } from '../api/types';

const SETTINGS_QUERY_KEY = ['user', 'settings'] as const;

/**
 * These calls bypass react-admin's data hooks, so they pass failures to the authProvider's
 * checkError themselves: a 401 must end the session here too.
 */
const useGuarded = () => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      await logoutIfAccessDenied(error);
      throw error;
    }
  };
};

export const useSettingsQuery = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuarded();
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () =>
      guarded(async () => {
        const settings = await dataProvider.getSettings();
        storeSettingsCache(settings);
        return settings;
      }),
  });
};

/** Used and allowed for each quota of the company (Usage and limits); read afresh each time Settings opens. */
export const useUsageQuery = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuarded();
  return useQuery({ queryKey: ['usage'], queryFn: () => guarded(() => dataProvider.getUsage()), staleTime: 0 });
};

/** Save or reset; either way the answer becomes the cached settings. */
export const useSettingsMutations = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuarded();
  const queryClient = useQueryClient();
  const remember = (settings: UserSettings) => {
    storeSettingsCache(settings);
    queryClient.setQueryData(SETTINGS_QUERY_KEY, settings);
  };
  const save = useMutation({
    mutationFn: (settings: UserSettings) => guarded(() => dataProvider.updateSettings(settings)),
    onSuccess: remember,
  });
  const reset = useMutation({
    mutationFn: () => guarded(() => dataProvider.resetSettings()),
    onSuccess: remember,
  });
  return { save, reset };
};
