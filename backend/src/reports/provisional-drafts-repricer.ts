import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { asSystem } from '../audit/audit-context.js';
import { ratesQuarterOf } from '../ifta/index.js';
import { type MatrixPublished, OfficialMatrixEvents } from '../tax-rates/official/official-matrix-events.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * When a quarter's official matrix is published, every draft official report of that quarter that was priced
 * provisionally is computed again from the same lines, so it shows the published rates the next time it is opened
 * (nobody has to press Rebuild or even notice). A report someone finalised or deleted meanwhile is skipped; the
 * rewrite never counts against the plan's monthly cap (it is not a new report).
 */
@Injectable()
export class ProvisionalDraftsRepricer implements OnModuleInit {
  private readonly logger = new Logger('ProvisionalDraftsRepricer');

  constructor(
    private readonly events: OfficialMatrixEvents,
    private readonly repository: ReportsRepository,
    private readonly reports: ReportsService,
  ) {}

  onModuleInit(): void {
    this.events.onPublished(async (event) => {
      await this.reprice(event);
    });
  }

  async reprice(event: MatrixPublished): Promise<number> {
    const drafts = (await this.repository.provisionalDrafts()).filter(
      (draft) => ratesQuarterOf(draft.period) === event.quarter,
    );
    let repriced = 0;
    for (const draft of drafts) {
      try {
        // The operator who published set this off but did not edit the account's return: the system did.
        await asSystem(matrixApplied(event), () => this.reports.update(draft.user_id, draft.id, {}, null));
        repriced += 1;
      } catch (error) {
        // Finalised, deleted or now invalid since it was listed: that report keeps what it had.
        this.logger.warn(`draft ${draft.id} not repriced: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (drafts.length > 0)
      this.logger.log(`${event.quarter}: ${repriced} of ${drafts.length} provisional draft(s) repriced`);
    return repriced;
  }
}

/** The system's doing in each repriced report's trail: "IFTA Q3-2026 matrix v2 applied". */
export const matrixApplied = (event: MatrixPublished): string =>
  `IFTA ${event.quarter} matrix v${event.version} applied`;
