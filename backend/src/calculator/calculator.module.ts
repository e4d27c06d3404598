import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { CalculatorController } from './calculator.controller.js';
import { CalculatorService } from './calculator.service.js';

@Module({
  imports: [ReportsModule, SessionsModule],
  controllers: [CalculatorController],
  providers: [CalculatorService],
})
export class CalculatorModule {}
