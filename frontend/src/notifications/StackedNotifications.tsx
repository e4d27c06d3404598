import { useEffect, useSyncExternalStore } from 'react';
import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import { useNotificationContext, useTranslate } from 'react-admin';
import { getToasts, removeToast, showToast, subscribeToasts, type Toast } from './toastStore';

/**
 * react-admin's default notification shows one snackbar at a time; the spec wants a stack
 * (top-right, at most 20, success 2 s, error 4 s, loading until done). This moves every queued
 * react-admin notification (useNotify) into the toast store and renders the store.
 */
export const StackedNotifications = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);

  useEffect(() => {
    if (notifications.length === 0) return;
    const taken = takeNotification();
    if (!taken) return;
    const options = taken.notificationOptions ?? {};
    showToast({
      // Elements are not used as toasts in this app; show their text form rather than nothing.
      message: typeof taken.message === 'string' ? taken.message : String(taken.message),
      messageArgs: options.messageArgs as Record<string, unknown> | undefined,
      type: taken.type,
      durationMs: options.autoHideDuration,
    });
  }, [notifications, takeNotification]);

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        // Below the 64px top bar, so a toast never hides the company name or Sign Out.
        top: 76,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        width: { xs: 'calc(100% - 32px)', sm: 380 },
        pointerEvents: 'none',
      }}
    >
      <Stack spacing={1}>
        {toasts.map((toast) => (
          <ToastItem
            key={toast.key}
            toast={toast}
            // Server sentences are not translation keys: `_` shows them as they are.
            text={translate(toast.message, { _: toast.message, ...toast.messageArgs })}
          />
        ))}
      </Stack>
    </Box>
  );
};

const ToastItem = ({ toast, text }: { toast: Toast; text: string }) => {
  const { key, expiresAt } = toast;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setTimeout(() => removeToast(key), Math.max(0, expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [key, expiresAt]);

  return (
    <Alert
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      variant="filled"
      severity={toast.type}
      icon={toast.loading ? <CircularProgress size={18} color="inherit" /> : undefined}
      onClose={toast.loading ? undefined : () => removeToast(key)}
      sx={{ pointerEvents: 'auto', boxShadow: 3, alignItems: 'center' }}
    >
      {text}
    </Alert>
  );
};
