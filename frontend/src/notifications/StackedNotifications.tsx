import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Slide, Stack } from '@mui/material';
import { useNotificationContext, useTranslate, type NotificationType } from 'react-admin';
import { subscribeToasts } from './toastBus';
import { DEFAULT_DURATION_MS, ERROR_DURATION_MS, MAX_TOASTS, SUCCESS_DURATION_MS } from './toastConfig';

interface Toast {
  key: number;
  busId?: string;
  message: string;
  messageArgs?: Record<string, unknown>;
  type: NotificationType;
  loading: boolean;
  /** null = stays until dismissed. */
  duration: number | null;
}

const durationFor = (type: NotificationType): number =>
  type === 'success' ? SUCCESS_DURATION_MS : type === 'error' ? ERROR_DURATION_MS : DEFAULT_DURATION_MS;

/**
 * react-admin's default notification shows one snackbar at a time; the spec wants a stack
 * (top-right, at most 20, per-type durations). This takes every queued react-admin notification
 * into its own list, and also shows toasts raised through the toast bus.
 */
export const StackedNotifications = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextKey = useRef(0);

  const push = useCallback(
    (toast: Omit<Toast, 'key'>) =>
      // Oldest toasts give way first once the limit is reached.
      setToasts((current) => [...current, { ...toast, key: ++nextKey.current }].slice(-MAX_TOASTS)),
    [],
  );

  useEffect(() => {
    if (notifications.length === 0) return;
    const taken = takeNotification();
    if (!taken) return;
    const options = taken.notificationOptions ?? {};
    const requested = options.autoHideDuration;
    push({
      // Elements are not used as toasts in this app; show their text form rather than nothing.
      message: typeof taken.message === 'string' ? taken.message : String(taken.message),
      messageArgs: options.messageArgs as Record<string, unknown> | undefined,
      type: taken.type,
      loading: false,
      duration: requested === undefined ? durationFor(taken.type) : (requested ?? null),
    });
  }, [notifications, takeNotification, push]);

  useEffect(
    () =>
      subscribeToasts((event) => {
        if (event.kind === 'dismiss') {
          setToasts((current) => current.filter((toast) => toast.busId !== event.id));
          return;
        }
        const { toast } = event;
        push({
          busId: toast.id,
          message: toast.message,
          type: toast.type,
          loading: Boolean(toast.loading),
          duration: toast.loading ? null : durationFor(toast.type),
        });
      }),
    [push],
  );

  const remove = useCallback(
    (key: number) => setToasts((current) => current.filter((toast) => toast.key !== key)),
    [],
  );

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 16,
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
            text={translate(toast.message, { _: toast.message, ...toast.messageArgs })}
            onClose={remove}
          />
        ))}
      </Stack>
    </Box>
  );
};

const ToastItem = ({ toast, text, onClose }: { toast: Toast; text: string; onClose: (key: number) => void }) => {
  const { key, duration } = toast;
  useEffect(() => {
    if (duration === null) return;
    const timer = window.setTimeout(() => onClose(key), duration);
    return () => window.clearTimeout(timer);
  }, [key, duration, onClose]);

  return (
    <Slide direction="left" in mountOnEnter>
      <Alert
        role={toast.type === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        variant="filled"
        severity={toast.type}
        icon={toast.loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        onClose={toast.loading ? undefined : () => onClose(key)}
        sx={{ pointerEvents: 'auto', boxShadow: 3, alignItems: 'center' }}
      >
        {text}
      </Alert>
    </Slide>
  );
};
