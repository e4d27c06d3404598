import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets the event loop answer what is waiting (other requests, health probes) before a long piece of synchronous
 * work goes on: a loop over tens of thousands of rows calls it every few thousand, so no single turn holds the
 * loop for more than a few milliseconds.
 */
export const breathe = (): Promise<void> => nextTurn();

/** `work` for each item, in order, letting the event loop in after every `every` items. */
export async function eachBreathing<T>(items: readonly T[], every: number, work: (item: T) => void): Promise<void> {
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0 && i % every === 0) await breathe();
    work(items[i]);
  }
}
