import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { CardDetails } from '../billing/payment-provider.js';
import { PaymentMethod } from './entities/payment-method.entity.js';

type NewCard = Pick<
  PaymentMethod,
  | 'userId'
  | 'provider'
  | 'providerPaymentMethodId'
  | 'cardBrand'
  | 'cardLast4'
  | 'cardExpMonth'
  | 'cardExpYear'
  | 'nickname'
>;

const detailColumns = (details: CardDetails) => ({
  cardBrand: details.brand,
  cardLast4: details.last4,
  cardExpMonth: details.exp_month,
  cardExpYear: details.exp_year,
});

/**
 * The SQL of `payment_methods`. Methods that take an EntityManager run in the caller's transaction (most writes are
 * made under the account's billing lock); without one they use the pool.
 */
@Injectable()
export class PaymentMethodsRepository {
  constructor(@InjectRepository(PaymentMethod) private readonly cards: Repository<PaymentMethod>) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.cards.manager.transaction(work);
  }

  /** The account's cards, default first, then newest. */
  list(userId: string): Promise<PaymentMethod[]> {
    return this.cards.find({ where: { userId }, order: { isDefault: 'DESC', createdAt: 'DESC', id: 'ASC' } });
  }

  /** How many cards the account keeps (in the caller's transaction). */
  count(manager: EntityManager, userId: string): Promise<number> {
    return manager.countBy(PaymentMethod, { userId });
  }

  isSaved(userId: string, providerPaymentMethodId: string): Promise<boolean> {
    return this.cards.existsBy({ userId, providerPaymentMethodId: providerPaymentMethodId });
  }

  bySavedId(manager: EntityManager, userId: string, providerPaymentMethodId: string): Promise<PaymentMethod | null> {
    return manager.findOneBy(PaymentMethod, { userId, providerPaymentMethodId: providerPaymentMethodId });
  }

  async insert(manager: EntityManager, card: NewCard): Promise<PaymentMethod> {
    const row = manager.create(PaymentMethod, { ...card, isDefault: false });
    await manager.insert(PaymentMethod, row);
    return row;
  }

  hasDefault(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.existsBy(PaymentMethod, { userId, isDefault: true });
  }

  byId(manager: EntityManager, id: string): Promise<PaymentMethod> {
    return manager.findOneByOrFail(PaymentMethod, { id });
  }

  ofAccount(userId: string, id: string, manager: EntityManager = this.cards.manager): Promise<PaymentMethod | null> {
    return manager.findOneBy(PaymentMethod, { id, userId });
  }

  async setNickname(manager: EntityManager, id: string, nickname: string | null): Promise<void> {
    await manager.update(PaymentMethod, { id }, { nickname });
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(PaymentMethod, { id });
  }

  /** The account's newest card (the one that takes over when the default goes). */
  newest(manager: EntityManager, userId: string): Promise<PaymentMethod | null> {
    return manager.findOne(PaymentMethod, { where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  defaultCard(manager: EntityManager, userId: string): Promise<PaymentMethod | null> {
    return manager.findOneBy(PaymentMethod, { userId, isDefault: true });
  }

  /** Old default off first, then the new one on: the partial unique index never sees two defaults. */
  async makeDefault(manager: EntityManager, userId: string, id: string): Promise<void> {
    await manager.query(
      'UPDATE payment_methods SET is_default = false, updated_at = now() WHERE user_id = $1 AND is_default AND id <> $2',
      [userId, id],
    );
    await manager.query(
      'UPDATE payment_methods SET is_default = true, updated_at = now() WHERE user_id = $1 AND id = $2',
      [userId, id],
    );
  }

  /** Every saved copy of one provider card, whatever the account. */
  byProviderCard(manager: EntityManager, provider: string, providerPaymentMethodId: string): Promise<PaymentMethod[]> {
    return manager.findBy(PaymentMethod, { provider, providerPaymentMethodId: providerPaymentMethodId });
  }

  /** The account's cards kept at `provider`. */
  ofProvider(userId: string, provider: string): Promise<PaymentMethod[]> {
    return this.cards.findBy({ userId, provider });
  }

  async setDetails(id: string, details: CardDetails): Promise<void> {
    await this.cards.update({ id }, detailColumns(details));
  }

  async setDetailsOfProviderCard(
    manager: EntityManager,
    provider: string,
    providerPaymentMethodId: string,
    details: CardDetails,
  ): Promise<void> {
    await manager.update(PaymentMethod, { provider, providerPaymentMethodId }, detailColumns(details));
  }
}
