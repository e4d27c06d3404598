import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { quarterOf, shiftQuarter, todayIn } from '../../ifta/index.js';
import { RateMatrixError } from '../matrix/parse-rate-matrix.js';
import { parseQuarter, type Quarter } from '../quarter.js';
import type { RunOutcome } from './entities/rate-matrix-run.entity.js';
import { OfficialMatricesRepository } from './official-matrices.repository.js';
import { MatrixRefusedError, OfficialMatricesService, type PublishOutcome } from './official-matrices.service.js';
import { RATE_MATRIX_CONFIG, type RateMatrixConfig } from './rate-matrix-config.js';

/**
 * Key of the session-level advisory lock that makes one replica run the updater. Renewals use 6_420_001, reminders
 * 6_420_002 and the e-mail sender 6_420_003: sharing the sender's key made a running updater (a fetch may take 20 s)
 * hold every replica's e-mail back, and a sending replica skip the updater.
 */
export const MATRIX_UPDATER_LOCK = 6_420_004;
/** IFTA's file is ~13 KB; anything past this is not it. */
const MAX_DOWNLOAD_BYTES = 256 * 1024;
/** How far back a missing quarter is looked for: a return is filed within a year. */
const MAX_QUARTERS_BACK = 4;

export interface QuarterCheck {
  quarter: string;
  outcome: RunOutcome;
  message: string;
}

/** '3Q2026', the way IFTA names a quarter's file. */
export const iftaQuarterName = (quarter: Quarter) => `${quarter.label[1]}Q${quarter.label.slice(3)}`;

/**
 * Keeps every quarter's rates current without anyone downloading IFTA's file: every RATE_MATRIX_INTERVAL_MS one
 * replica (an advisory lock) fetches the current and the next quarter's matrix from RATE_MATRIX_URL and publishes
 * what is new (OfficialMatricesService). Each attempt is a row of rate_matrix_runs with its outcome, so a 404 before
 * IFTA posts the next quarter, an HTML error page, a truncated file or a changed layout is visible in the operator
 * console; a failure never replaces the rates in force, and a file that would remove rates is held, never published
 * by the updater alone.
 */
@Injectable()
export class MatrixUpdaterJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MatrixUpdaterJob');
  private timer?: NodeJS.Timeout;
  private current?: Promise<unknown>;

  constructor(
    @Inject(RATE_MATRIX_CONFIG) private readonly config: RateMatrixConfig,
    private readonly matrices: OfficialMatricesService,
    private readonly repository: OfficialMatricesRepository,
  ) {}

  /** Whether RATE_MATRIX_URL names a source at all (empty: files are imported by hand). */
  get enabled(): boolean {
    return this.config.urlPattern !== '';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled || this.config.intervalMs <= 0) return;
    const tick = () => {
      if (this.current) return;
      this.current = this.run()
        .catch((error: unknown) => this.logger.error(`matrix update failed: ${(error as Error).message}`))
        .finally(() => (this.current = undefined));
    };
    // A first check soon after start-up (not during it): a new deployment learns of a published quarter at once.
    const first = setTimeout(tick, Math.min(5_000, this.config.intervalMs));
    first.unref();
    this.timer = setInterval(tick, this.config.intervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /**
   * Checks, once, if no other replica is: every quarter after the newest published one that is still priced
   * provisionally (up to a year back), the quarter being filed now and the current one (IFTA posts corrections), and
   * the next (published about a month before it starts). Answers null when another replica holds the lock.
   */
  async run(now: Date = new Date()): Promise<QuarterCheck[] | null> {
    const result = await this.repository.underJobLock(MATRIX_UPDATER_LOCK, async () => {
      const checks: QuarterCheck[] = [];
      for (const quarter of await this.quartersToCheck(now)) checks.push(await this.check(quarter));
      return checks;
    });
    return result?.value ?? null;
  }

  private async quartersToCheck(now: Date): Promise<Quarter[]> {
    const today = quarterOf(todayIn('UTC', now));
    const index = (year: number, quarter: number) => year * 4 + quarter - 1;
    const [newest] = await this.repository.publishedQuarters();
    const newestIndex = newest ? index(Number(newest.quarter.slice(3)), Number(newest.quarter[1])) : -Infinity;
    const current = index(today.year, today.quarter);
    // The quarter being filed now (the previous one) stays checked for corrections until the next one is due.
    const from = Math.max(Math.min(newestIndex + 1, current - 1), current - MAX_QUARTERS_BACK);
    const quarters: Quarter[] = [];
    for (let i = from; i <= current + 1; i += 1) {
      const { year, quarter } = shiftQuarter(0, 1, i);
      quarters.push(parseQuarter(`Q${quarter}-${year}`)!);
    }
    return quarters;
  }

  private async check(quarter: Quarter): Promise<QuarterCheck> {
    const startedAt = new Date();
    const url = this.config.urlPattern.replace('{quarter}', iftaQuarterName(quarter));
    let outcome: RunOutcome;
    let message = '';
    let matrixId: string | null = null;
    try {
      const content = await this.download(url);
      if (content === null) {
        outcome = 'not_found';
        message = 'Not published yet (404)';
      } else {
        const published = await this.matrices.publish({
          content,
          quarter,
          sourceKind: 'url',
          source: url,
          publishedBy: 'updater',
        });
        outcome = published.outcome;
        matrixId = published.matrix.id;
        message = runMessage(published);
      }
    } catch (error) {
      outcome = 'failed';
      message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof RateMatrixError || error instanceof MatrixRefusedError || error instanceof FetchError)) {
        message = `Unexpected error: ${message}`;
      }
      this.logger.warn(`${quarter.label} matrix from ${url}: ${message}`);
    }
    await this.repository.recordRun({
      quarter: quarter.label,
      source: url,
      outcome,
      message,
      matrix_id: matrixId,
      startedAt,
    });
    return { quarter: quarter.label, outcome, message };
  }

  /** The file's bytes; null for a 404 (the quarter is not posted yet); FetchError for anything that is not a CSV. */
  private async download(url: string): Promise<Buffer | null> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.config.fetchTimeoutMs), redirect: 'follow' });
    } catch (error) {
      throw new FetchError(`Could not fetch the matrix: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new FetchError(`The matrix address answered HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_DOWNLOAD_BYTES) throw new FetchError(`The file is ${length} bytes, not a rate matrix`);
    const content = Buffer.from(await response.arrayBuffer());
    if (content.length > MAX_DOWNLOAD_BYTES)
      throw new FetchError(`The file is ${content.length} bytes, not a rate matrix`);
    const type = response.headers.get('content-type') ?? '';
    if (/html/i.test(type) || /^\s*</.test(content.subarray(0, 64).toString('utf8'))) {
      throw new FetchError('The address answered a web page, not the CSV file (IFTA may have moved it)');
    }
    return content;
  }
}

class FetchError extends Error {}

/** The run's line in the operator console: what came of the file, and for a held one what it would remove. */
function runMessage({ outcome, matrix }: PublishOutcome): string {
  if (outcome === 'published') return `Version ${matrix.version} published (${matrix.rate_count} rates)`;
  if (outcome === 'unchanged') return `Same file as version ${matrix.version}, in force`;
  return (
    `Version ${matrix.version} held for review, not published: it would remove ${matrix.review.join('; ')}. ` +
    'An operator publishes it with a reason, or leaves it'
  );
}
