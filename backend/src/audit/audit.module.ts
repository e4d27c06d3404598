import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditActorInterceptor } from './audit-context.js';
import { AuditEventsController } from './audit-events.controller.js';
import { AuditEventsRepository } from './audit-events.repository.js';
import { AuditLog } from './audit-log.js';

/**
 * The audit trail. Global, as the outbox is: every feature records its actions through AuditLog, and the audit
 * feature imports none of them (only common and the database).
 */
@Global()
@Module({
  controllers: [AuditEventsController],
  providers: [AuditLog, AuditEventsRepository, { provide: APP_INTERCEPTOR, useClass: AuditActorInterceptor }],
  exports: [AuditLog],
})
export class AuditModule {}
