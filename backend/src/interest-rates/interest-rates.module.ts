import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InterestRate } from './entities/interest-rate.entity.js';
import { InterestRatesService } from './interest-rates.service.js';
import { InterestRatesController } from './interest-rates.controller.js';
import { InterestRatePeriodsService } from './interest-rate-periods.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([InterestRate])],
  controllers: [InterestRatesController],
  providers: [InterestRatesService, InterestRatePeriodsService],
  exports: [InterestRatesService],
})
export class InterestRatesModule {}
