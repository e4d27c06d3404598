import { randomUUID } from 'node:crypto';
import type { ApiClient } from './api-client.js';
import { Ledger, type Outcome, type ReportState } from './ledger.js';
import { subscribe } from './subscribe.js';

const CODES = ['TX', 'OK', 'CA', 'NM', 'AZ', 'OH', 'IN', 'ON', 'QC', 'AB'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const amount = (max: number) => Math.round(Math.random() * max * 1000) / 1000;

function randomJurisdictions() {
  // One line per jurisdiction: distinct codes per report.
  const codes = [...CODES].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 4));
  return codes.map((name) => {
    const total = amount(5000);
    // A line taxes no more miles than were driven (the API refuses taxable above total with a 400).
    return {
      name,
      total_miles: total,
      taxable_miles: Math.min(amount(4000), total),
      gallons_purchased: amount(800),
      tax_rate: Math.round(Math.random() * 6000) / 10000,
    };
  });
}

/**
 * One carrier's office clerk: signs up, subscribes, then until the deadline creates, edits, finalises, exports and
 * deletes reports, recording in its ledger what the server acknowledged and what stayed uncertain.
 */
export class SimulatedUser {
  readonly ledger = new Ledger();
  /** Times of acknowledged writes, to prove the app served again after an outage. */
  readonly acknowledgedAt: number[] = [];
  /** Acknowledged calls by kind, so a suite can tell the run exercised each of them. */
  readonly done = { create: 0, edit: 0, finalise: 0, delete: 0, export: 0 };
  /** Answers that contradict the ledger (an acknowledged draft refusing an edit, a final accepting one). */
  readonly anomalies: string[] = [];
  userId = '';
  private token = '';
  private readonly email = `load-${randomUUID()}@example.com`;
  private readonly password = `Pw-${randomUUID()}`;
  private serial = 0;

  constructor(
    private readonly api: ApiClient,
    readonly index: number,
  ) {}

  /** `until` is a time, or a function answering it for a run whose end is decided while it runs. */
  async run(until: number | (() => number)): Promise<void> {
    const going = () => Date.now() < (typeof until === 'number' ? until : until());
    while (!this.token && going()) await this.signUp();
    if (!this.token) return;
    const subscription = randomUUID(); // one idempotency key for all attempts: a retry never subscribes twice
    while (going() && !(await subscribe(this.api, this.token, subscription))) await pause();
    while (going()) {
      await this.step();
      await pause();
    }
  }

  private async signUp(): Promise<void> {
    const body = { email: this.email, password: this.password, company_name: `Load Carrier ${this.index}` };
    let outcome = await this.api.call('POST', '/api/auth/register', undefined, body);
    // A register whose answer was lost may have happened: then the account exists and login is the way in.
    if (outcome.kind === 'refused' && outcome.status === 409) {
      outcome = await this.api.call('POST', '/api/auth/login', undefined, {
        email: this.email,
        password: this.password,
      });
    }
    if (outcome.kind === 'ack') {
      const { token, user } = outcome.body as { token: string; user: { id: string } };
      this.token = token;
      this.userId = user.id;
    } else await pause();
  }

  private async step(): Promise<void> {
    const roll = Math.random();
    const drafts = [...this.ledger.live.values()].filter((e) => e.state.status === 'draft');
    const finals = [...this.ledger.live.values()].filter((e) => e.state.status === 'final' && !e.uncertain);
    if (roll < 0.3 || this.ledger.live.size === 0) return this.create();
    if (roll < 0.55 && drafts.length) return this.edit(pick(drafts));
    if (roll < 0.65 && drafts.length) return this.edit(pick(drafts), 'final');
    if (roll < 0.7 && finals.length) return this.editFinal(pick(finals).state);
    if (roll < 0.85) return this.export(pick([...this.ledger.live.values()]));
    return this.remove(pick([...this.ledger.live.values()]));
  }

  private ack(outcome: Outcome): outcome is Extract<Outcome, { kind: 'ack' }> {
    if (outcome.kind === 'ack') this.acknowledgedAt.push(Date.now());
    return outcome.kind === 'ack';
  }

  private async create(): Promise<void> {
    const name = `u${this.index}-r${++this.serial}`;
    const body = {
      name,
      company_name: `Load Carrier ${this.index}`,
      average_mpg: 6.5,
      jurisdictions: randomJurisdictions(),
    };
    const outcome = await this.api.call('POST', '/api/protected/reports', this.token, body);
    if (this.ack(outcome)) {
      this.ledger.created(outcome.body as ReportState);
      this.done.create += 1;
    } else if (outcome.kind === 'unknown') this.ledger.uncertainCreates.add(name);
    else this.anomalies.push(`create ${name} answered ${outcome.status}`);
  }

  private async edit(entry: { state: ReportState; uncertain: boolean }, status?: 'final'): Promise<void> {
    const { id } = entry.state;
    const body = status ? { status } : { jurisdictions: randomJurisdictions(), average_mpg: 5 + Math.random() * 3 };
    const outcome = await this.api.call('PUT', `/api/protected/reports/${id}`, this.token, body);
    if (this.ack(outcome)) {
      this.done[status ? 'finalise' : 'edit'] += 1;
      return this.ledger.updated(outcome.body as ReportState);
    }
    if (outcome.kind === 'unknown') return this.ledger.updateUnknown(id);
    if (entry.uncertain) return; // an unanswered finalise or delete may explain a 409 or a 404
    if (outcome.kind === 'refused' && outcome.status === 404) this.ledger.vanished.push(id);
    else this.anomalies.push(`edit of draft ${id} answered ${outcome.status}`);
  }

  /** A final report is locked: the edit must be refused with 409 and change nothing. */
  private async editFinal(state: ReportState): Promise<void> {
    const outcome = await this.api.call('PUT', `/api/protected/reports/${state.id}`, this.token, { name: 'changed' });
    if (outcome.kind === 'unknown') return;
    if (outcome.kind === 'refused' && outcome.status === 404) this.ledger.vanished.push(state.id);
    else if (!(outcome.kind === 'refused' && outcome.status === 409)) {
      this.anomalies.push(`edit of final ${state.id} answered ${outcome.kind} ${outcome.status}`);
    }
  }

  private async export(entry: { state: ReportState; uncertain: boolean }): Promise<void> {
    const outcome = await this.api.call('POST', `/api/protected/reports/${entry.state.id}/export`, this.token);
    if (outcome.kind === 'ack') {
      this.done.export += 1;
      const bytes = Buffer.from(outcome.body as ArrayBuffer);
      if (bytes.subarray(0, 2).toString() !== 'PK')
        this.anomalies.push(`export of ${entry.state.id} is not a workbook`);
    } else if (outcome.kind === 'refused' && outcome.status === 404 && !entry.uncertain) {
      this.ledger.vanished.push(entry.state.id);
    }
  }

  private async remove(entry: { state: ReportState; uncertain: boolean }): Promise<void> {
    const { id } = entry.state;
    const outcome = await this.api.call('DELETE', `/api/protected/reports/${id}`, this.token);
    if (this.ack(outcome)) {
      this.done.delete += 1;
      return this.ledger.removed(id);
    }
    if (outcome.kind === 'unknown') return this.ledger.removeUnknown(id);
    if (outcome.kind === 'refused' && outcome.status === 404 && !entry.uncertain) this.ledger.vanished.push(id);
  }
}

/** A clerk's think time, short, so fifty of them keep the app busy without a tight loop. */
const pause = () => new Promise((ok) => setTimeout(ok, 10 + Math.random() * 40));
