import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountTaxRates } from './account-tax-rates.service.js';
import { TaxRate } from './entities/tax-rate.entity.js';
import { RateMatrixImportService } from './matrix/rate-matrix-import.service.js';
import { TaxRateHistoryRepository } from './tax-rate-history.repository.js';
import { TaxRatesController } from './tax-rates.controller.js';
import { TaxRatesRepository } from './tax-rates.repository.js';
import { TaxRatesService } from './tax-rates.service.js';

/**
 * Each account's own rate table, seeded at registration from the IFTA matrix, with its history by quarter, fuel
 * type and kind. Other features read it through AccountTaxRates.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TaxRate])],
  controllers: [TaxRatesController],
  providers: [TaxRatesService, TaxRatesRepository, TaxRateHistoryRepository, AccountTaxRates, RateMatrixImportService],
  exports: [TaxRatesService, AccountTaxRates],
})
export class TaxRatesModule {}
