import { BadRequestException, Injectable } from '@nestjs/common';
import type { RateMatrixChangeDto, RateMatrixImportDto, RateMatrixUploadDto } from '../dto/rate-matrix-import.dto.js';
import { FUEL_TYPES } from '../fuel-types.js';
import { parseQuarter } from '../quarter.js';
import { type ExistingMatrixRow, TaxRateHistoryRepository } from '../tax-rate-history.repository.js';
import { type MatrixRate, RateMatrixError } from './parse-rate-matrix.js';
import { readRateMatrix } from './read-rate-matrix.js';

export interface UploadedMatrix {
  originalname: string;
  buffer: Buffer;
}

const badFile = (message: string, row?: number) =>
  new BadRequestException({ error: message, message, fields: { file: message }, ...(row ? { row } : {}) });

const seriesKey = (r: { code: string; fuel_type: string; kind: string; effective_from: string }) =>
  `${r.code}|${r.fuel_type}|${r.kind}|${r.effective_from}`;

const fuelOrder = (fuel: string) => (FUEL_TYPES as readonly string[]).indexOf(fuel);

/**
 * Imports IFTA, Inc.'s quarterly matrix in one step: the same upload answers a preview (nothing written) or is
 * applied, all or nothing, in one transaction. An import adds and changes rates for its quarter's dates and never
 * removes one. A rate the account already holds for that jurisdiction, fuel type, kind and date takes the
 * matrix's figures and keeps its name, country and status. The CSV is parsed synchronously: the upload is capped
 * at 64 KB, five times the size of IFTA's own file (see MAX_MATRIX_BYTES), so it holds up other requests briefly.
 */
@Injectable()
export class RateMatrixImportService {
  constructor(private readonly history: TaxRateHistoryRepository) {}

  preview(userId: string, file: UploadedMatrix | undefined, body: RateMatrixUploadDto): Promise<RateMatrixImportDto> {
    return this.run(userId, file, body, false);
  }

  apply(userId: string, file: UploadedMatrix | undefined, body: RateMatrixUploadDto): Promise<RateMatrixImportDto> {
    return this.run(userId, file, body, true);
  }

  private async run(
    userId: string,
    file: UploadedMatrix | undefined,
    body: RateMatrixUploadDto,
    apply: boolean,
  ): Promise<RateMatrixImportDto> {
    if (!file) throw badFile('Choose the rate matrix CSV file');
    if (!/\.csv$/i.test(file.originalname)) throw badFile('The rate matrix must be a .csv file');
    const quarter = parseQuarter(body.quarter);
    if (!quarter) throw badFile('quarter must be a quarter such as Q2-2026');
    let rates: MatrixRate[];
    try {
      rates = readRateMatrix(file.buffer, quarter).rates;
    } catch (error) {
      if (error instanceof RateMatrixError) throw badFile(error.message, error.line);
      throw error;
    }

    return this.history.transaction(async (manager) => {
      if (apply) await this.history.lockAccount(manager, userId);
      const dates = [...new Set(rates.map((r) => r.effective_from))];
      const existing = new Map<string, ExistingMatrixRow>(
        (await this.history.existingOn(manager, userId, dates)).map((row) => [seriesKey(row), row]),
      );
      const changes: RateMatrixChangeDto[] = [];
      const added: MatrixRate[] = [];
      const changed: Array<{ id: string; rate: string; rate_cad_per_litre: string | null }> = [];
      for (const rate of rates) {
        const held = existing.get(seriesKey(rate));
        const same = held && held.rate === rate.rate && held.rate_cad_per_litre === rate.rate_cad_per_litre;
        if (!held) added.push(rate);
        else if (!same) changed.push({ id: held.id, rate: rate.rate, rate_cad_per_litre: rate.rate_cad_per_litre });
        changes.push({
          code: rate.code,
          name: held?.name ?? rate.name,
          fuel_type: rate.fuel_type,
          kind: rate.kind,
          effective_from: rate.effective_from,
          status: !held ? 'added' : same ? 'unchanged' : 'changed',
          previous_rate: held?.rate ?? null,
          rate: rate.rate,
          rate_cad_per_litre: rate.rate_cad_per_litre,
        });
      }
      if (apply) {
        await this.history.insertMatrixRates(manager, userId, added);
        await this.history.updateMatrixRates(manager, userId, changed);
      }
      changes.sort(
        (a, b) =>
          a.code.localeCompare(b.code) ||
          fuelOrder(a.fuel_type) - fuelOrder(b.fuel_type) ||
          a.kind.localeCompare(b.kind) ||
          a.effective_from.localeCompare(b.effective_from),
      );
      const count = (status: string) => changes.filter((c) => c.status === status).length;
      return {
        quarter: quarter.label,
        applied: apply,
        summary: { added: count('added'), changed: count('changed'), unchanged: count('unchanged') },
        changes,
      };
    });
  }
}
