/** What the server answered for a report: the state an acknowledged write promises is now stored. */
export interface ReportState {
  id: string;
  name: string;
  status: 'draft' | 'final';
  totals: { total_miles: number; taxable_miles: number; gallons_purchased: number; tax_due: number };
  jurisdictions: Array<{ name: string }>;
}

/** One call's outcome as the client saw it. */
export type Outcome =
  | { kind: 'ack'; status: number; body: unknown }
  | { kind: 'refused'; status: number; body: unknown }
  /** A 503 with the error shape, or no answer at all: the write may or may not have happened. */
  | { kind: 'unknown'; status?: number; body?: unknown; error?: string }
  | { kind: 'server-error'; status: number; body: unknown };

/**
 * One simulated user's record of its reports: the last acknowledged state of each, the acknowledged deletes, and
 * what is uncertain because the answer never came (a create, an update or a delete during an outage).
 */
export class Ledger {
  readonly live = new Map<string, { state: ReportState; uncertain: boolean }>();
  readonly deleted = new Set<string>();
  readonly maybeDeleted = new Set<string>();
  readonly uncertainCreates = new Set<string>();
  /** Acknowledged reports that later answered 404 to their owner: a lost write. */
  readonly vanished: string[] = [];

  created(state: ReportState): void {
    this.live.set(state.id, { state, uncertain: false });
  }

  updated(state: ReportState): void {
    this.live.set(state.id, { state, uncertain: false });
  }

  updateUnknown(id: string): void {
    const entry = this.live.get(id);
    if (entry) entry.uncertain = true;
  }

  removed(id: string): void {
    this.live.delete(id);
    this.maybeDeleted.delete(id);
    this.deleted.add(id);
  }

  removeUnknown(id: string): void {
    this.live.delete(id);
    this.maybeDeleted.add(id);
  }
}
