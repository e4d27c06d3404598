import { ConflictException, Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { ratesQuarterOf } from '../ifta/index.js';
import { isUuid } from '../common/validators/uuid.js';
import { type MatrixPublished, OfficialMatrixEvents } from '../tax-rates/official/official-matrix-events.js';
import type { ReportResponseDto } from './dto/report-response.dto.js';
import { type RateNoticeRow, RateNoticesRepository } from './rate-notices.repository.js';
import { ReportFilingService } from './report-filing.service.js';
import { ReportsService } from './reports.service.js';
import { Outbox } from '../mail/outbox.js';
import { rateNoticeMessage } from './rate-notice-message.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

const notFound = () => new NotFoundException({ error: 'Notice not found', message: 'Notice not found' });
const conflict = (message: string) => new ConflictException({ error: message, message });

/**
 * When a quarter's matrix is published (or corrected), each return of record of that quarter (the latest final of
 * its return: a superseded original is never priced again) is priced with the rates now in force, nothing saved; one
 * whose tax due changes gets a notice with the difference, which replaces any open notice of an earlier version, and
 * one whose figures come back to what was filed has its open notice closed. The carrier files the amended return in
 * one step from the notice (a new final of the same quarter, which supersedes the earlier one), once: a second click
 * answers the same amendment, and a notice that no longer applies (its return amended since, or the rates moved
 * again) is refused.
 */
@Injectable()
export class RateNoticesService implements OnModuleInit {
  private readonly logger = new Logger('RateNotices');

  constructor(
    private readonly events: OfficialMatrixEvents,
    private readonly repository: RateNoticesRepository,
    private readonly reports: ReportsService,
    private readonly filing: ReportFilingService,
    private readonly outbox: Outbox,
    private readonly accounts: AccountProfile,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.onPublished(async (event) => {
      await this.noticeFinals(event);
    });
  }

  async noticeFinals(event: MatrixPublished): Promise<number> {
    const finals = (await this.repository.finals()).filter((report) => ratesQuarterOf(report.period) === event.quarter);
    let added = 0;
    for (const final of finals) {
      try {
        const { taxDue } = await this.reports.priceNow(final.user_id, final.id);
        if (taxDue === final.tax_due) {
          // The figures are what was filed again: an open notice of an earlier version no longer applies.
          await this.repository.transaction((manager) => this.repository.closeOpen(manager, final.id));
          continue;
        }
        const notice = {
          userId: final.user_id,
          reportId: final.id,
          quarter: event.quarter,
          matrixVersion: event.version,
          previousTaxDue: final.tax_due,
          newTaxDue: taxDue,
        };
        const { email, companyName } = await this.accounts.contact(final.user_id);
        const writing = await this.accounts.writing(final.user_id);
        // The notice and its e-mail are one fact: both or neither, once per return and matrix version.
        const fresh = await this.repository.transaction(async (manager) => {
          const id = await this.repository.add(manager, notice);
          if (!id) return false;
          await this.repository.closeOpen(manager, final.id, id);
          await this.outbox.enqueue(manager, {
            key: `rate-notice:${final.id}:${event.quarter}:v${event.version}`,
            to: email,
            ...rateNoticeMessage({
              quarter: event.quarter,
              period: final.period,
              company: companyName,
              before: notice.previousTaxDue,
              after: taxDue,
              link: `${this.config.publicUrl}/dashboard`,
              writing,
            }),
          });
          return true;
        });
        if (fresh) added += 1;
      } catch (error) {
        this.logger.warn(
          `final ${final.id} not priced again: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (added > 0) {
      this.logger.log(`${event.quarter}: ${added} final return(s) told their figures changed`);
      this.outbox.deliverSoon();
    }
    return added;
  }

  list(userId: string): Promise<RateNoticeRow[]> {
    return this.repository.list(userId);
  }

  /**
   * Files the amended return a notice offers: the return of record's lines, today's date, the rates in force now.
   * A notice an amendment was filed from answers that amendment again; one whose return was amended since, or whose
   * figures the rates in force no longer give, is refused (409).
   */
  async amend(userId: string, id: string): Promise<ReportResponseDto> {
    if (!isUuid(id)) throw notFound();
    const notice = await this.repository.find(userId, id);
    if (!notice) throw notFound();
    if (notice.amendment_id && !RateNoticesRepository.isClaim(notice.amendment_id)) {
      return this.reports.get(userId, notice.amendment_id);
    }
    // A refusal writes nothing: the list stops showing a notice whose return was amended since (RateNoticesRepository).
    if (!(await this.repository.isReturnOfRecord(userId, notice.report_id))) {
      throw conflict('This return was amended since the notice: the notice no longer applies');
    }
    if (!(await this.repository.claim(userId, id))) {
      throw conflict('The amended return is being filed from this notice; open it in a moment');
    }
    try {
      // The return of record's lines at the rates in force now: they must still give the notice's figures.
      const { body, taxDue } = await this.reports.priceNow(userId, notice.report_id);
      if (taxDue !== notice.new_tax_due) {
        throw conflict('The rates changed again since this notice: open the newest notice');
      }
      const amended = await this.reports.create(userId, {
        ...body,
        status: 'final',
        // Today where the account is, as every filing date is checked: the UTC date ran a day ahead of an American
        // account every evening, and the amendment was refused as filed in the future.
        filed_at: await this.filing.today(userId),
      });
      await this.repository.settle(userId, id, amended.id);
      return amended;
    } catch (error) {
      await this.repository.settle(userId, id, null);
      throw error;
    }
  }
}
