/**
 * What a job does with its thread: reading a file someone uploaded (its cost is the sender's choice) or writing a
 * document (an export, a template, a PDF: bounded by what the app stores).
 */
export type FileJobLane = 'upload' | 'document';

export interface FairQueueLimits {
  /** Jobs that may run at once: the pool's threads. */
  slots: number;
  /** Of those, how many may read uploads; the rest are kept for documents. */
  uploadSlots: number;
  /** Jobs that may wait for a slot, all accounts together. */
  maxWaiting: number;
}

interface Waiting {
  lane: FileJobLane;
  start: () => void;
  refuse: () => void;
}

/**
 * Decides which job runs next on a pool of `slots` threads, so that one account cannot hold the threads:
 *
 * - an account runs at most one job at a time; its other jobs wait in its own queue;
 * - accounts take turns (round robin): when a thread frees, the account served least recently goes next, so a
 *   company that sends one export waits for at most one job of each other account, never behind a flood;
 * - uploads run on at most `uploadSlots` threads, so exports and PDFs always find a thread that uploads cannot take;
 * - at most `maxWaiting` jobs wait; when that is full, the account with the most jobs waiting gives up its newest
 *   one for a newcomer with fewer, so a flood from one account pushes out its own jobs, not everyone else's.
 *
 * Pure bookkeeping (no threads, no timers): the pool calls `enter` and `leave`, and the job's `start` runs when its
 * turn comes.
 */
export class FairQueue {
  /** Accounts with jobs waiting, in the order their first waiting job came. */
  private readonly queues = new Map<string, Waiting[]>();
  /** When each account running or waiting was last given a thread (a count of turns); never: first in line. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;
  private readonly runningAccounts = new Set<string>();
  private readonly runningLanes: Record<FileJobLane, number> = { upload: 0, document: 0 };
  private waitingJobs = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  get waiting(): number {
    return this.waitingJobs;
  }

  get running(): number {
    return this.runningAccounts.size;
  }

  /**
   * Queues a job of `account`; `start` is called when it may run (perhaps at once), `refuse` if it is pushed out of
   * a full queue later. Answers false, and calls neither, when the queue is full and this job may not push another.
   */
  enter(account: string, lane: FileJobLane, start: () => void, refuse: () => void): boolean {
    if (this.waitingJobs >= this.limits.maxWaiting && !this.pushOutFor(account)) return false;
    const queue = this.queues.get(account);
    if (queue) queue.push({ lane, start, refuse });
    else this.queues.set(account, [{ lane, start, refuse }]);
    this.waitingJobs += 1;
    this.dispatch();
    return true;
  }

  /** A job of `account` that was started has ended (answered, failed or timed out): its thread is free. */
  leave(account: string, lane: FileJobLane): void {
    this.runningAccounts.delete(account);
    if (!this.queues.has(account)) this.lastTurn.delete(account);
    this.runningLanes[lane] -= 1;
    this.dispatch();
  }

  private dispatch(): void {
    while (this.runningAccounts.size < this.limits.slots) {
      const next = this.next();
      if (!next) return;
      const [account, queue, index] = next;
      const [job] = queue.splice(index, 1);
      this.waitingJobs -= 1;
      if (queue.length === 0) this.queues.delete(account);
      this.lastTurn.set(account, (this.turns += 1));
      this.runningAccounts.add(account);
      this.runningLanes[job.lane] += 1;
      job.start();
    }
  }

  /**
   * Of the accounts that run nothing and have a job whose lane has a thread free, the one served least recently
   * (one never served first, then by arrival), and that job.
   */
  private next(): [string, Waiting[], number] | undefined {
    const uploadsFree = this.runningLanes.upload < this.limits.uploadSlots;
    let best: [string, Waiting[], number] | undefined;
    let bestTurn = Infinity;
    for (const [account, queue] of this.queues) {
      if (this.runningAccounts.has(account)) continue;
      const turn = this.lastTurn.get(account) ?? 0;
      if (turn >= bestTurn) continue;
      const index = queue.findIndex((job) => job.lane === 'document' || uploadsFree);
      if (index < 0) continue;
      best = [account, queue, index];
      bestTurn = turn;
    }
    return best;
  }

  /** Frees a place for `account` by refusing the newest job of the account with the most waiting, if it has more. */
  private pushOutFor(account: string): boolean {
    const own = this.queues.get(account)?.length ?? 0;
    let longest: [string, Waiting[]] | undefined;
    for (const entry of this.queues) if (!longest || entry[1].length > longest[1].length) longest = entry;
    if (!longest || longest[1].length <= own + 1) return false;
    const [victim, queue] = longest;
    const job = queue.pop()!;
    if (queue.length === 0) {
      this.queues.delete(victim);
      if (!this.runningAccounts.has(victim)) this.lastTurn.delete(victim);
    }
    this.waitingJobs -= 1;
    job.refuse();
    return true;
  }
}
