import type { NotificationType } from 'react-admin';

/**
 * A tiny channel for toasts raised outside React (the authProvider clearing an expired session)
 * and for dismissing a loading toast once its work is done. The stacked notification component
 * listens; react-admin's useNotify feeds the same stack through its own context.
 */
export interface BusToast {
  message: string;
  type: NotificationType;
  /** Loading toasts stay until dismissed with this id. */
  id?: string;
  loading?: boolean;
}

type Listener = (event: { kind: 'show'; toast: BusToast } | { kind: 'dismiss'; id: string }) => void;

const listeners = new Set<Listener>();

export const subscribeToasts = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const showToast = (toast: BusToast): void => listeners.forEach((listener) => listener({ kind: 'show', toast }));

export const dismissToast = (id: string): void => listeners.forEach((listener) => listener({ kind: 'dismiss', id }));

let nextLoadingId = 0;

/**
 * Shows a loading toast for as long as `work` runs (spec §9: loading toasts last until done).
 * Resolves or rejects with the work's own result; the caller shows the success or error toast.
 */
export async function withLoadingToast<T>(message: string, work: () => Promise<T>): Promise<T> {
  const id = `loading-${++nextLoadingId}`;
  showToast({ message, type: 'info', id, loading: true });
  try {
    return await work();
  } finally {
    dismissToast(id);
  }
}
