import { BadRequestException, Injectable } from '@nestjs/common';
import { toDecimal } from '../../ifta/index.js';
import { parseQuarter } from '../../tax-rates/quarter.js';
import { VehiclesService } from '../../vehicles/vehicles.service.js';
import type {
  AcknowledgeFindingDto,
  AcknowledgementDto,
  HealthFindingDto,
  RecordsHealthDto,
  RecordsHealthSettingsDto,
} from './dto/records-health.dto.js';
import {
  addDays,
  DEFAULT_HEALTH_SETTINGS,
  healthScore,
  type HealthSettings,
  recordsHealthFindings,
} from './records-health-checks.js';
import { type AcknowledgementRow, RecordsHealthRepository } from './records-health.repository.js';

const bad = (field: string, message: string) =>
  new BadRequestException({ error: message, message, fields: { [field]: message } });

const toSettingsDto = (settings: HealthSettings): RecordsHealthSettingsDto => ({
  mpg_min: toDecimal(settings.mpgMin).toNumber(),
  mpg_max: toDecimal(settings.mpgMax).toNumber(),
  no_fuel_miles: toDecimal(settings.noFuelMiles).toNumber(),
});

const toAcknowledgementDto = (row: AcknowledgementRow): AcknowledgementDto => ({
  check: row.check as AcknowledgementDto['check'],
  key: row.key,
  note: row.note,
  acknowledged_by: row.acknowledged_by,
  acknowledged_at: new Date(row.acknowledged_at).toISOString(),
});

/** The auditor's checks of a quarter's records, the account's tolerances, and the findings it acknowledged. */
@Injectable()
export class RecordsHealthService {
  constructor(
    private readonly repository: RecordsHealthRepository,
    private readonly vehicles: VehiclesService,
  ) {}

  async settings(userId: string): Promise<HealthSettings> {
    const row = await this.repository.settings(userId);
    return row ? { mpgMin: row.mpg_min, mpgMax: row.mpg_max, noFuelMiles: row.no_fuel_miles } : DEFAULT_HEALTH_SETTINGS;
  }

  async getSettings(userId: string): Promise<RecordsHealthSettingsDto> {
    return toSettingsDto(await this.settings(userId));
  }

  async saveSettings(userId: string, body: RecordsHealthSettingsDto): Promise<RecordsHealthSettingsDto> {
    if (body.mpg_min >= body.mpg_max) throw bad('mpg_max', `mpg_max must be more than mpg_min (${body.mpg_min})`);
    await this.repository.saveSettings(userId, {
      mpg_min: String(body.mpg_min),
      mpg_max: String(body.mpg_max),
      no_fuel_miles: String(body.no_fuel_miles),
    });
    return this.getSettings(userId);
  }

  /** The quarter's findings (of one unit, when asked) with their acknowledgements, and the score they leave. */
  async health(userId: string, period: string, unit?: string): Promise<RecordsHealthDto> {
    const quarter = parseQuarter(period);
    if (!quarter) throw bad('period', 'period must be a quarter such as Q2-2026');
    const [settings, trips, fuel, fuelTypes] = await Promise.all([
      this.settings(userId),
      // A day either side of the quarter: a purchase on its first or last day may follow miles just outside it.
      this.repository.trips(userId, addDays(quarter.start, -1), addDays(quarter.end, 1)),
      this.repository.fuel(userId, quarter.start, quarter.end),
      this.vehicles.fuelTypes(userId),
    ]);
    const wanted = unit?.toLowerCase();
    const found = recordsHealthFindings({
      from: quarter.start,
      to: quarter.end,
      trips,
      fuel,
      fuelTypeOf: (name) => fuelTypes.get(name.toLowerCase()),
      settings,
    }).filter((finding) => wanted === undefined || wanted === '' || finding.unit.toLowerCase() === wanted);
    const acks = await this.repository.acknowledgements(
      userId,
      found.map((f) => f.check),
      found.map((f) => f.key),
    );
    const ackOf = new Map(acks.map((ack) => [`${ack.check}\u0000${ack.key}`, toAcknowledgementDto(ack)]));
    const findings: HealthFindingDto[] = found.map((finding) => {
      const ack = ackOf.get(`${finding.check}\u0000${finding.key}`);
      return {
        ...finding,
        acknowledged: ack !== undefined,
        acknowledged_by: ack?.acknowledged_by ?? null,
        acknowledged_at: ack?.acknowledged_at ?? null,
        acknowledgement_note: ack?.note ?? null,
      };
    });
    return {
      period,
      unit: unit || null,
      score: healthScore(findings),
      settings: toSettingsDto(settings),
      findings,
    };
  }

  async acknowledge(userId: string, email: string, body: AcknowledgeFindingDto): Promise<AcknowledgementDto> {
    const row = await this.repository.acknowledge(userId, { ...body, acknowledgedBy: email });
    return toAcknowledgementDto(row);
  }
}
