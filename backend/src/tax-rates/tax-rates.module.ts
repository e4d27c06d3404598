import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TaxRate } from './entities/tax-rate.entity.js';
import { TaxRatesController } from './tax-rates.controller.js';
import { TaxRatesService } from './tax-rates.service.js';

/** Each account's own rate table, seeded at registration from the IFTA matrix. */
@Module({
  imports: [TypeOrmModule.forFeature([TaxRate])],
  controllers: [TaxRatesController],
  providers: [TaxRatesService],
  exports: [TaxRatesService],
})
export class TaxRatesModule {}
