import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

/**
 * These queries bypass react-admin's data hooks, so they hand failures to the authProvider's
 * checkError themselves: a 401 must end the session here too.
 */
export const useGuardedCall = () => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
};
