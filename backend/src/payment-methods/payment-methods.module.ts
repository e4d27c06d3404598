import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentMethod } from './entities/payment-method.entity.js';
import { PaymentMethodsController } from './payment-methods.controller.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';
import { PaymentMethodsService } from './payment-methods.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PaymentMethod])],
  controllers: [PaymentMethodsController],
  providers: [PaymentMethodsService, PaymentMethodsRepository],
  exports: [PaymentMethodsService],
})
export class PaymentMethodsModule {}
