import { Module } from '@nestjs/common';
import { UploadLimitInterceptor } from '../common/rate-limit/upload-limit.interceptor.js';
import { ReportsModule } from '../reports/reports.module.js';
import { CalculationSessionsModule } from '../calculation-sessions/calculation-sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { CalculatorController } from './calculator.controller.js';
import { CalculatorService } from './calculator.service.js';

@Module({
  imports: [ReportsModule, CalculationSessionsModule, UsersModule],
  controllers: [CalculatorController],
  providers: [CalculatorService, UploadLimitInterceptor],
})
export class CalculatorModule {}
