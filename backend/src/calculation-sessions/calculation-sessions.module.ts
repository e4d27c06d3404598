import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportsModule } from '../reports/reports.module.js';
import { CalculationSession } from './entities/calculation-session.entity.js';
import { CalculationSessionsController } from './calculation-sessions.controller.js';
import { CalculationSessionsRepository } from './calculation-sessions.repository.js';
import { CalculationSessionsService } from './calculation-sessions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CalculationSession]), ReportsModule],
  controllers: [CalculationSessionsController],
  providers: [CalculationSessionsService, CalculationSessionsRepository],
  exports: [CalculationSessionsService],
})
export class CalculationSessionsModule {}
