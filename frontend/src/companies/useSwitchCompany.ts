import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { AFTER_LOGIN_PATH } from '../providers/authProvider';
import { storeSession } from '../providers/authSession';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/**
 * Moves this tab's sign-in to another company of the person: the server answers a new session, which replaces this
 * tab's (and becomes the one new tabs start from; other open tabs keep theirs), then every cached answer is dropped
 * and the app starts again on the dashboard. A full load, not a navigation: nothing kept in memory for the old
 * company (react-admin's cache, a list's rows, a screen's state) can show for the new one.
 */
export const useSwitchCompany = () => {
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [switching, setSwitching] = useState(false);
  const switchTo = async (companyId: string) => {
    setSwitching(true);
    try {
      const session = await dataProvider.switchCompany(companyId);
      storeSession(session);
      queryClient.clear();
      window.location.assign(AFTER_LOGIN_PATH);
    } catch (failure) {
      setSwitching(false);
      notify(errorMessage(failure, 'companies.switch_failed'), { type: 'error' });
    }
  };
  return { switchTo, switching };
};
