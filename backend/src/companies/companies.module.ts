import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module.js';
import { UsersModule } from '../users/users.module.js';
import { ClientCompaniesController } from './client-companies.controller.js';
import { ClientCompaniesService } from './client-companies.service.js';
import { ClientLinksModule } from '../client-links/client-links.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { RecordsModule } from '../records/records.module.js';
import { Seats } from './seats.js';
import { UsageController } from './usage.controller.js';

/**
 * The companies a person belongs to and switching between them, and a preparer's client companies. Memberships and
 * sessions are the auth feature's (global); who pays for a client is ClientLinksModule's, which the subscriptions
 * feature reads too. Seats is exported for the members feature's invitations. The usage figures of Settings read the
 * receipt storage the records feature counts.
 */
@Module({
  imports: [UsersModule, CalendarModule, ClientLinksModule, RecordsModule],
  controllers: [CompaniesController, ClientCompaniesController, UsageController],
  providers: [CompaniesService, ClientCompaniesService, Seats],
  exports: [Seats],
})
export class CompaniesModule {}
