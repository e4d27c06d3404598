import { Module } from '@nestjs/common';
import { ReportFactsModule } from '../reports/report-facts.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { UsersModule } from '../users/users.module.js';
import { VehiclesModule } from '../vehicles/vehicles.module.js';
import { FuelPurchasesController, TripsController } from './records.controller.js';
import { RecordsRepository } from './records.repository.js';
import { RecordsService } from './records.service.js';
import { ReturnsController } from './returns.controller.js';
import { ReturnsService } from './returns.service.js';

/** Trip and fuel records, their imports, and the return built from them. */
@Module({
  imports: [ReportsModule, ReportFactsModule, UsersModule, VehiclesModule],
  controllers: [TripsController, FuelPurchasesController, ReturnsController],
  providers: [RecordsRepository, RecordsService, ReturnsService],
})
export class RecordsModule {}
