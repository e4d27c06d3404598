import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';
import { Outbox } from './outbox.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxSender } from './outbox-sender.job.js';
import { GivenUpMailController } from './given-up-mail.controller.js';
import { GivenUpMailRepository } from './given-up-mail.repository.js';

/** E-mail: features enqueue through Outbox in their own transaction; the sender delivers through MailService. */
@Global()
@Module({
  controllers: [GivenUpMailController],
  providers: [MailService, Outbox, OutboxRepository, OutboxSender, GivenUpMailRepository],
  exports: [Outbox, OutboxSender],
})
export class MailModule {}
