import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditLog } from '../../audit/audit-log.js';
import { Clock } from '../../common/clock/clock.js';
import { FileStorage } from '../../common/storage/file-storage.js';
import { asBuffer, fileJob } from '../../common/workers/file-job.js';
import { WorkerPoolService } from '../../common/workers/worker-pool.service.js';
import { FinalReturns } from '../../reports/final-returns.js';
import { ReportExportService } from '../../reports/report-export.service.js';
import { VehiclesService } from '../../vehicles/vehicles.service.js';
import { VehicleReportsRepository } from '../reports/vehicle-reports.repository.js';
import { VehicleReportsService } from '../reports/vehicle-reports.service.js';
import { packetQuarters } from './audit-packet-period.js';
import { AuditPacketRepository, inBatches } from './audit-packet.repository.js';
import type { IvmrFiles, IvmrInput } from './ivmr-files.js';
import type { PacketZip } from './packet-zip.js';
import { receiptsCsv } from './receipts-csv.js';
import type { PacketPlan, PlannedQuarter } from './packet-plan.js';
import { packetReadme } from './packet-readme.js';

/** The mileage summary's PDF and CSV, written on the file threads (CPU work and garbage the event loop must not have). */
const IVMR_FILES = fileJob<IvmrInput, IvmrFiles>(new URL('./ivmr-files.js', import.meta.url), 'ivmrFiles');

/** The entries of a quarter besides its returns and receipt files: the summary PDF and CSV, the receipts list. */
const QUARTER_FILES = 3;
/**
 * What the size estimate counts per receipts-list line (compressed: ~180 bytes of CSV deflate to ~35), per quarter
 * for the summary and per return PDF: a progress bar's denominator, measured on the 500-unit bench fleet.
 */
const RECEIPT_LINE_BYTES = 35;
const SUMMARY_BYTES = 150_000;
const RETURN_BYTES = 30_000;

const safeName = (text: string) =>
  text
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(0, 80) || 'return';

/**
 * The audit packet: what an IFTA auditor asks a carrier for, for a quarter or a year, as one ZIP written while it is
 * sent. Per quarter: the return PDF(s), the per-vehicle mileage summary (PDF and CSV, from the per-vehicle report),
 * the receipts list (CSV) and the receipt files it names. Reads go by keyset batches, attachments one at a time.
 */
@Injectable()
export class AuditPacketService {
  constructor(
    private readonly repository: AuditPacketRepository,
    private readonly vehicleReports: VehicleReportsService,
    private readonly vehicleReportsRepository: VehicleReportsRepository,
    private readonly vehicles: VehiclesService,
    private readonly finalReturns: FinalReturns,
    private readonly returnDocuments: ReportExportService,
    private readonly storage: FileStorage,
    private readonly workers: WorkerPoolService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Reads what the packet will hold (a unit the company never had is a 404) and records its export. */
  async plan(userId: string, period: string, unit: string | undefined): Promise<PacketPlan> {
    if (unit && !(await this.knowsUnit(userId, unit))) throw new NotFoundException({ error: 'Unit not found' });
    const quarters: PlannedQuarter[] = [];
    for (const quarter of packetQuarters(period)) {
      const [rows, counts] = await Promise.all([
        this.finalReturns.filedOrLatestDraft(userId, quarter.taxPeriods),
        this.repository.receiptCounts(userId, quarter.start, quarter.end, unit),
      ]);
      const taken = new Set<string>();
      const returns = rows.map((row) => {
        const base = `returns/${safeName(row.name)}_${row.status === 'final' ? 'filed' : 'DRAFT'}`;
        let file = `${base}.pdf`;
        for (let n = 2; taken.has(file); n += 1) file = `${base}_${n}.pdf`;
        taken.add(file);
        return { ...row, file };
      });
      quarters.push({ ...quarter, returns, counts });
    }
    const entries = 1 + quarters.reduce((n, q) => n + q.returns.length + QUARTER_FILES + q.counts.attachments, 0);
    const estimatedBytes = quarters.reduce(
      (n, q) =>
        n +
        q.counts.attachment_bytes +
        q.counts.receipts * RECEIPT_LINE_BYTES +
        SUMMARY_BYTES +
        q.returns.length * RETURN_BYTES,
      0,
    );
    await this.audit.record(undefined, {
      companyId: userId,
      action: 'export',
      entity: 'records',
      summary: `Downloaded the audit packet of ${period}${unit ? ` for unit ${unit}` : ''}`,
      changes: null,
    });
    return { period, unit, quarters, entries, estimatedBytes, madeAt: this.clock.now() };
  }

  /** Writes the planned packet into `zip`, entry after entry; the caller ends or aborts it. */
  async write(userId: string, plan: PacketPlan, zip: PacketZip): Promise<void> {
    zip.addBuffer('README.txt', Buffer.from(packetReadme(plan)), true);
    for (const quarter of plan.quarters) {
      const folder = quarter.label;
      for (const report of quarter.returns) {
        zip.addBuffer(`${folder}/${report.file}`, await this.returnDocuments.pdfBytes(userId, report.id), false);
      }
      const ivmr = await this.workers.run(IVMR_FILES, await this.ivmrInput(userId, quarter.label, plan.unit), userId);
      zip.addBuffer(`${folder}/ivmr-summary.pdf`, asBuffer(ivmr.pdf), false);
      zip.addBuffer(`${folder}/ivmr-summary.csv`, asBuffer(ivmr.csv), true);
      await zip.addStream(
        `${folder}/receipts.csv`,
        async () =>
          receiptsCsv((after, limit) =>
            this.repository.receiptLines(userId, quarter.start, quarter.end, plan.unit, after, limit),
          ),
        true,
      );
      for await (const batch of inBatches((after, limit) =>
        this.repository.attachments(userId, quarter.start, quarter.end, plan.unit, after, limit),
      )) {
        for (const row of batch) {
          const name = `${folder}/${row.path}`;
          const stored = await this.storage.get(row.key);
          if (stored) {
            await zip.addStream(name, async () => stored.stream, false);
          } else {
            // Kept on the purchase but gone from storage: the entry still comes (the count announced holds) and
            // says so, rather than the packet failing half sent.
            zip.addBuffer(`${name}.missing.txt`, Buffer.from('This receipt file was not found in storage.\n'), true);
          }
        }
      }
    }
  }

  /** The rows a quarter's mileage summary is made from; the file thread does the rest. */
  private async ivmrInput(userId: string, label: string, unit: string | undefined): Promise<IvmrInput> {
    const quarter = packetQuarters(label)[0];
    const [report, trips, vins] = await Promise.all([
      this.vehicleReports.byVehicleInput(userId, label, unit),
      this.vehicleReportsRepository.unitJurisdictionTrips(userId, quarter.start, quarter.end, unit),
      this.vehicles.vins(userId),
    ]);
    return { report, trips, vins };
  }

  private async knowsUnit(userId: string, unit: string): Promise<boolean> {
    if ((await this.vehicles.fuelTypes(userId)).has(unit.toLowerCase())) return true;
    return this.repository.recordsUnit(userId, unit);
  }
}
