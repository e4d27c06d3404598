import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { OperatorController } from './operator.controller.js';
import { OperatorGuard } from './operator.guard.js';
import { PlatformOperators } from './platform-operators.js';
import { PlatformOperatorsRepository } from './platform-operators.repository.js';

/** The platform-operator role: who may use the operator console, for every feature's operator routes. */
@Global()
@Module({
  imports: [UsersModule],
  controllers: [OperatorController],
  providers: [PlatformOperators, PlatformOperatorsRepository, OperatorGuard],
  exports: [PlatformOperators, OperatorGuard],
})
export class OperatorModule {}
