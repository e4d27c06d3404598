import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InterestRate } from './entities/interest-rate.entity.js';
import { InterestRatesService } from './interest-rates.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([InterestRate])],
  providers: [InterestRatesService],
  exports: [InterestRatesService],
})
export class InterestRatesModule {}
