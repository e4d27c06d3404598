import { useSyncExternalStore } from 'react';
import type { Plan } from '../api/types';

/**
 * Why the modal is open: to subscribe for the first time, to resume a subscription that ended or
 * was cancelled (reactivation), or to switch the plan of a running one.
 */
export type ModalMode = 'create' | 'reactivate' | 'change';

export interface ModalRequest {
  mode: ModalMode;
  /** The plan of the current subscription: preselected when resuming, marked when changing. */
  currentPlanId?: Plan['id'] | null;
}

/**
 * Outside React because the modal is opened from places that share no component tree: the status
 * check in the layout, the 403 guard of any API call, the badge and the settings sections.
 */
let request: ModalRequest | null = null;
const listeners = new Set<() => void>();

const publish = (next: ModalRequest | null) => {
  request = next;
  listeners.forEach((listener) => listener());
};

export const openSubscriptionModal = (next: ModalRequest): void => publish(next);
export const closeSubscriptionModal = (): void => publish(null);
export const isSubscriptionModalOpen = (): boolean => request !== null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSubscriptionModalRequest = (): ModalRequest | null => useSyncExternalStore(subscribe, () => request);
