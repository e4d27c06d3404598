import { Module } from '@nestjs/common';
import { StorageModule } from '../common/storage/storage.module.js';
import { ReportFactsModule } from '../reports/report-facts.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { UsersModule } from '../users/users.module.js';
import { VehiclesModule } from '../vehicles/vehicles.module.js';
import { AuditPacketController } from './audit-packet/audit-packet.controller.js';
import { AuditPacketRepository } from './audit-packet/audit-packet.repository.js';
import { AuditPacketService } from './audit-packet/audit-packet.service.js';
import { RecordsHealthController } from './health/records-health.controller.js';
import { RecordsHealthRepository } from './health/records-health.repository.js';
import { RecordsHealthService } from './health/records-health.service.js';
import { FuelPurchasesController, TripsController } from './records.controller.js';
import { ReceiptAttachmentsController } from './receipt-attachments.controller.js';
import { ReceiptAttachmentsService } from './receipt-attachments.service.js';
import { ReceiptStorageQuota } from './receipt-storage-quota.js';
import { RecordsRepository } from './records.repository.js';
import { RecordsService } from './records.service.js';
import { VehicleReportsController } from './reports/vehicle-reports.controller.js';
import { VehicleReportsRepository } from './reports/vehicle-reports.repository.js';
import { VehicleReportsService } from './reports/vehicle-reports.service.js';
import { ReturnsController } from './returns.controller.js';
import { ReturnsService } from './returns.service.js';

/**
 * Trip and fuel records, their imports, the return built from them, an auditor's checks of them and their packet.
 * ReceiptStorageQuota is exported for the usage figures of the companies feature.
 */
@Module({
  imports: [ReportsModule, ReportFactsModule, UsersModule, VehiclesModule, StorageModule],
  controllers: [
    RecordsHealthController,
    VehicleReportsController,
    AuditPacketController,
    TripsController,
    FuelPurchasesController,
    ReceiptAttachmentsController,
    ReturnsController,
  ],
  providers: [
    RecordsRepository,
    RecordsService,
    ReturnsService,
    RecordsHealthRepository,
    RecordsHealthService,
    ReceiptAttachmentsService,
    ReceiptStorageQuota,
    VehicleReportsRepository,
    VehicleReportsService,
    AuditPacketRepository,
    AuditPacketService,
  ],
  exports: [ReceiptStorageQuota],
})
export class RecordsModule {}
