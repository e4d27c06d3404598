import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingCustomer } from './entities.js';
import { PaymentProvider } from './payment-provider.js';

/** The provider's customer for an account, made on first need and remembered. */
@Injectable()
export class BillingCustomersService {
  constructor(private readonly provider: PaymentProvider) {}

  /** Call under lockAccountBilling so two first payments cannot make two customers. */
  async customerId(manager: EntityManager, userId: string): Promise<string> {
    const existing = await manager.findOneBy(BillingCustomer, { userId, provider: this.provider.name });
    if (existing) return existing.provider_customer_id;
    const [{ email }] = (await manager.query('SELECT email FROM users WHERE id = $1', [userId])) as Array<{
      email: string;
    }>;
    const provider_customer_id = await this.provider.createCustomer(userId, email);
    await manager.insert(BillingCustomer, { userId, provider: this.provider.name, provider_customer_id });
    return provider_customer_id;
  }
}
