import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** This thread's young generation (its nursery): both semi-spaces, in bytes. */
export const nurseryBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/**
 * Keeps every thread's nursery at the size it has (V8 doubles it as a thread's garbage grows, up to 64 MiB a
 * semi-space, and never gives it back), and starts the threads created from now on at `threadSemiSpaceMb`. Call
 * it before the app's modules load: loading them is what grows the nursery. V8 reads both flags when a nursery is
 * sized, so they take effect in a running process; they hold for every thread.
 */
export function holdNurseries(threadSemiSpaceMb: number): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString(`--min-semi-space-size=${threadSemiSpaceMb}`);
}

/**
 * Whether this process's node was started with a cap on its semi-spaces (on its command line or in NODE_OPTIONS):
 * the main thread's nursery is sized only then.
 */
export function semiSpaceCapped(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) => flag.startsWith('--max-semi-space-size'));
}
