import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module.js';
import { AccountTaxRates } from './account-tax-rates.service.js';
import { TaxRate } from './entities/tax-rate.entity.js';
import { RateMatrixImportService } from './matrix/rate-matrix-import.service.js';
import { MatrixUpdaterJob } from './official/matrix-updater.job.js';
import { OfficialMatricesController } from './official/official-matrices.controller.js';
import { OfficialRateMatrix } from './official/entities/official-rate-matrix.entity.js';
import { OfficialRate } from './official/entities/official-rate.entity.js';
import { RateMatrixRun } from './official/entities/rate-matrix-run.entity.js';
import { OfficialMatricesRepository } from './official/official-matrices.repository.js';
import { OfficialMatricesService } from './official/official-matrices.service.js';
import { OfficialMatrixEvents } from './official/official-matrix-events.js';
import { OfficialMatrixSeeder } from './official/official-matrix-seeder.js';
import { AccountOfficialRatesRepository } from './official/account-official-rates.repository.js';
import { RATE_MATRIX_CONFIG, rateMatrixConfig } from './official/rate-matrix-config.js';
import { TaxRateHistoryRepository } from './tax-rate-history.repository.js';
import { TaxRatesController } from './tax-rates.controller.js';
import { TaxRatesRepository } from './tax-rates.repository.js';
import { TaxRatesService } from './tax-rates.service.js';

/**
 * IFTA's official matrix per quarter, stored once (official/), and each account's own rate table, which takes every
 * published matrix and keeps the account's changes over it, with its history by quarter, fuel type and kind. Other
 * features read it through AccountTaxRates and hear of a newly published matrix through OfficialMatrixEvents.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TaxRate, OfficialRateMatrix, OfficialRate, RateMatrixRun]), UsersModule],
  controllers: [TaxRatesController, OfficialMatricesController],
  providers: [
    TaxRatesService,
    TaxRatesRepository,
    TaxRateHistoryRepository,
    AccountTaxRates,
    RateMatrixImportService,
    OfficialMatricesRepository,
    AccountOfficialRatesRepository,
    OfficialMatrixEvents,
    OfficialMatricesService,
    OfficialMatrixSeeder,
    MatrixUpdaterJob,
    { provide: RATE_MATRIX_CONFIG, useFactory: () => rateMatrixConfig() },
  ],
  exports: [TaxRatesService, AccountTaxRates, OfficialMatrixEvents, OfficialMatricesService],
})
export class TaxRatesModule {}
