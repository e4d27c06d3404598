import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { IFTA_MATRIX_RATES_2026_Q2, IFTA_MATRIX_RATES_EFFECTIVE_DATE } from '../seed/ifta-matrix-rates-2026-Q2.js';
import { parseQuarter } from '../quarter.js';
import { OfficialMatricesRepository } from './official-matrices.repository.js';
import { OfficialMatricesService, sha256 } from './official-matrices.service.js';

const SEED_QUARTER = parseQuarter('Q2-2026')!;

/**
 * The matrix the product ships with (2Q2026, shared/data/ifta-rates-2026-Q2.csv) is the first official version of
 * its quarter, written at start-up when the database has none (a fresh install, or one upgraded from per-account
 * tables). Every account already holds it (registration seeds it), so it is stored as applied. Replicas starting
 * together store it once: the quarter's lock and the file's checksum make the second a no-op.
 */
@Injectable()
export class OfficialMatrixSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly repository: OfficialMatricesRepository,
    private readonly matrices: OfficialMatricesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.repository.newest(SEED_QUARTER.label)) return;
    await this.matrices.store({
      quarter: SEED_QUARTER,
      sourceKind: 'seed',
      source: 'https://www.iftach.org/taxmatrix/charts/2Q2026.csv (shipped with the app)',
      publishedBy: 'seed',
      checksum: sha256(JSON.stringify(IFTA_MATRIX_RATES_2026_Q2)),
      rates: IFTA_MATRIX_RATES_2026_Q2.map((rate) => ({ ...rate, effective_from: IFTA_MATRIX_RATES_EFFECTIVE_DATE })),
      footnotes: {},
      alreadyApplied: true,
    });
  }
}
