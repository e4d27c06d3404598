import type { NotificationType } from 'react-admin';
import { DEFAULT_DURATION_MS, ERROR_DURATION_MS, MAX_TOASTS, SUCCESS_DURATION_MS } from './toastConfig';

/**
 * The visible toasts live outside React: react-admin remounts its whole tree when the language
 * changes, and a toast raised just before (e.g. 'Settings reset to defaults!') must survive that.
 * This also lets code outside components (the authProvider) raise toasts.
 */
export interface Toast {
  key: number;
  message: string;
  messageArgs?: Record<string, unknown>;
  type: NotificationType;
  loading: boolean;
  /** When it hides itself (ms since epoch); null stays until dismissed. */
  expiresAt: number | null;
  /** Lets a loading toast be dismissed when its work is done. */
  id?: string;
}

export interface NewToast {
  message: string;
  type: NotificationType;
  messageArgs?: Record<string, unknown>;
  loading?: boolean;
  id?: string;
  /** undefined: the type's duration; null: until dismissed. */
  durationMs?: number | null;
}

const durationFor = (type: NotificationType): number =>
  type === 'success' ? SUCCESS_DURATION_MS : type === 'error' ? ERROR_DURATION_MS : DEFAULT_DURATION_MS;

let toasts: Toast[] = [];
let nextKey = 0;
const listeners = new Set<() => void>();

const publish = (next: Toast[]) => {
  toasts = next;
  listeners.forEach((listener) => listener());
};

export const subscribeToasts = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getToasts = (): Toast[] => toasts;

export const showToast = ({ message, type, messageArgs, loading = false, id, durationMs }: NewToast): void => {
  const duration = loading ? null : durationMs === undefined ? durationFor(type) : durationMs;
  const toast: Toast = {
    key: ++nextKey,
    message,
    messageArgs,
    type,
    loading,
    id,
    expiresAt: duration === null ? null : Date.now() + duration,
  };
  // Oldest toasts give way first once the limit is reached.
  publish([...toasts, toast].slice(-MAX_TOASTS));
};

export const removeToast = (key: number): void => publish(toasts.filter((toast) => toast.key !== key));
