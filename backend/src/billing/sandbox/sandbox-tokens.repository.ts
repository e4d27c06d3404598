import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SandboxPaymentMethod } from './entities/sandbox-payment-method.entity.js';

/** The SQL of `sandbox_payment_methods`: the card sandbox's tokens. */
@Injectable()
export class SandboxTokensRepository {
  constructor(@InjectRepository(SandboxPaymentMethod) private readonly tokens: Repository<SandboxPaymentMethod>) {}

  async insert(token: Omit<SandboxPaymentMethod, 'customerId' | 'createdAt'>): Promise<void> {
    await this.tokens.insert(token);
  }

  find(id: string): Promise<SandboxPaymentMethod | null> {
    return this.tokens.findOneBy({ id });
  }

  /** Conditional update: of two customers attaching one token at once, only the first wins. */
  async claim(id: string, customerId: string): Promise<boolean> {
    const claimed = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ customerId: customerId })
      .where('id = :id AND (customer_id IS NULL OR customer_id = :customerId)', { id, customerId })
      .execute();
    return claimed.affected !== 0;
  }
}
