import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { dropUnusableToken } from '../../providers/authSession';
import { AFTER_LOGIN_PATH } from '../../providers/authProvider';

/** Someone with a live session who opens /login or /register goes straight to the app. */
export const useRedirectIfSignedIn = (): void => {
  const navigate = useNavigate();
  useEffect(() => {
    if (dropUnusableToken()) navigate(AFTER_LOGIN_PATH, { replace: true });
  }, [navigate]);
};
