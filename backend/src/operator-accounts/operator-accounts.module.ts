import { Module } from '@nestjs/common';
import { SignInActivityRepository } from '../auth/sign-in-activity.repository.js';
import { CurrentPlansRepository } from '../subscriptions/current-plans.repository.js';
import { AccountDirectoryRepository } from '../users/account-directory.repository.js';
import { OperatorAccountsController } from './operator-accounts.controller.js';

/**
 * The operator's accounts list. Each feature's SQL stays in its own folder (users, subscriptions, auth): this module
 * only puts their answers side by side.
 */
@Module({
  controllers: [OperatorAccountsController],
  providers: [AccountDirectoryRepository, CurrentPlansRepository, SignInActivityRepository],
})
export class OperatorAccountsModule {}
