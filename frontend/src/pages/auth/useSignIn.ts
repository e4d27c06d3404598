import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import { AFTER_LOGIN_PATH } from '../../providers/authProvider';
import { takeReturnPath } from '../../providers/authSession';
import type { AuthSession, LoginCredentials } from '../../api/types';

/**
 * Signs in with credentials or a fresh registration, then lands on the dashboard (or where an expired session
 * left off).
 * Unlike react-admin's useLogin it resets every cached auth answer first: the app gates all
 * private routes with `requireAuth`, whose "not signed in" answer from the login screen must not
 * outlive the login, or the first private page would send the user straight back.
 */
export const useSignIn = () => {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (params: LoginCredentials | AuthSession) => {
      if (!authProvider) throw new Error('authProvider missing');
      await authProvider.login(params);
      await queryClient.resetQueries({ queryKey: ['auth'] });
      // After an expired session, back to the page the user was on (its work is kept), else the dashboard.
      navigate(takeReturnPath() ?? AFTER_LOGIN_PATH, { replace: true });
    },
    [authProvider, queryClient, navigate],
  );
};
