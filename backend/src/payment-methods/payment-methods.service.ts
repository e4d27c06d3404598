import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { lockAccountBilling } from '../billing/account-lock.js';
import { BillingCustomersService } from '../billing/billing-customers.service.js';
import { cardErrorToHttp } from '../billing/card-error.http.js';
import { type CardDetails, PaymentProvider } from '../billing/payment-provider.js';
import { isUuid } from '../reports/reports.service.js';
import {
  type AddPaymentMethodDto,
  type DeletePaymentMethodResponseDto,
  type PaymentMethodListDto,
  PaymentMethodResponseDto,
  type UpdatePaymentMethodDto,
} from './dto/payment-method.dto.js';
import { PaymentMethod } from './entities/payment-method.entity.js';

export const CARD_NOT_FOUND = 'Payment method not found';

/** A card attached at the provider and ready to save; `details` is null when the account already has it. */
export interface PreparedCard {
  providerPaymentMethodId: string;
  details: CardDetails | null;
}
export const NOTHING_TO_UPDATE = 'Send is_default: true or a nickname';

@Injectable()
export class PaymentMethodsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
    private readonly customers: BillingCustomersService,
  ) {}

  async list(userId: string): Promise<PaymentMethodListDto> {
    const cards = await this.dataSource.getRepository(PaymentMethod).find({
      where: { userId },
      order: { isDefault: 'DESC', createdAt: 'DESC', id: 'ASC' },
    });
    return { payment_methods: cards.map((card) => PaymentMethodResponseDto.from(card)) };
  }

  async get(userId: string, id: string): Promise<PaymentMethodResponseDto> {
    return PaymentMethodResponseDto.from(await this.find(this.dataSource.manager, userId, id));
  }

  async add(userId: string, body: AddPaymentMethodDto): Promise<PaymentMethodResponseDto> {
    const prepared = await this.prepare(userId, body.payment_method_id, 'payment_method_id');
    const card = await this.dataSource.transaction(async (manager) => {
      await lockAccountBilling(manager, userId);
      return this.save(manager, userId, prepared, {
        makeDefault: body.set_default === true,
        nickname: body.nickname || null,
      });
    });
    return PaymentMethodResponseDto.from(card);
  }

  /**
   * Attaches a tokenised card at the provider (unless this account saved it before). Call it before opening the
   * transaction that saves the card: a provider call, and the sandbox's own queries, must not run while a pooled
   * connection is held, or concurrent sign-ups could wait on each other for connections.
   */
  async prepare(userId: string, providerPaymentMethodId: string, field: string): Promise<PreparedCard> {
    const saved = await this.dataSource
      .getRepository(PaymentMethod)
      .existsBy({ userId, providerPaymentMethodId: providerPaymentMethodId });
    if (saved) return { providerPaymentMethodId, details: null };
    const customerId = await this.customers.customerId(userId);
    const details = await this.provider.attachCard(customerId, providerPaymentMethodId).catch((error: unknown) => {
      throw cardErrorToHttp(error, field);
    });
    return { providerPaymentMethodId, details };
  }

  /**
   * Keeps a prepared card on the account; the account's first card becomes the default. Saving the same card
   * twice answers the card already saved. Call under lockAccountBilling.
   */
  async save(
    manager: EntityManager,
    userId: string,
    prepared: PreparedCard,
    options: { makeDefault: boolean; nickname?: string | null },
  ): Promise<PaymentMethod> {
    let card = await manager.findOneBy(PaymentMethod, {
      userId,
      providerPaymentMethodId: prepared.providerPaymentMethodId,
    });
    if (!card) {
      const details = prepared.details ?? (await this.provider.retrieveCard(prepared.providerPaymentMethodId));
      card = manager.create(PaymentMethod, {
        userId,
        provider: this.provider.name,
        providerPaymentMethodId: prepared.providerPaymentMethodId,
        cardBrand: details.brand,
        cardLast4: details.last4,
        cardExpMonth: details.exp_month,
        cardExpYear: details.exp_year,
        nickname: options.nickname ?? null,
        isDefault: false,
      });
      await manager.insert(PaymentMethod, card);
    }
    const hasDefault = await manager.existsBy(PaymentMethod, { userId, isDefault: true });
    if (options.makeDefault || !hasDefault) await this.makeDefault(manager, userId, card.id);
    return manager.findOneByOrFail(PaymentMethod, { id: card.id });
  }

  async update(userId: string, id: string, body: UpdatePaymentMethodDto): Promise<PaymentMethodResponseDto> {
    if (body.is_default === undefined && body.nickname === undefined) {
      throw new BadRequestException({ error: NOTHING_TO_UPDATE, fields: { is_default: NOTHING_TO_UPDATE } });
    }
    const card = await this.dataSource.transaction(async (manager) => {
      await lockAccountBilling(manager, userId);
      const found = await this.find(manager, userId, id);
      if (body.nickname !== undefined) {
        await manager.update(PaymentMethod, { id: found.id }, { nickname: body.nickname || null });
      }
      if (body.is_default) await this.makeDefault(manager, userId, found.id);
      return manager.findOneByOrFail(PaymentMethod, { id: found.id });
    });
    return PaymentMethodResponseDto.from(card);
  }

  async remove(userId: string, id: string): Promise<DeletePaymentMethodResponseDto> {
    const { card, newDefaultId } = await this.dataSource.transaction(async (manager) => {
      await lockAccountBilling(manager, userId);
      const found = await this.find(manager, userId, id);
      await manager.delete(PaymentMethod, { id: found.id });
      let promoted: string | null = null;
      if (found.isDefault) {
        // The newest remaining card takes over renewals, so the account is never left without a default.
        const next = await manager.findOne(PaymentMethod, {
          where: { userId },
          order: { createdAt: 'DESC', id: 'ASC' },
        });
        if (next) {
          await this.makeDefault(manager, userId, next.id);
          promoted = next.id;
        }
      }
      return { card: found, newDefaultId: promoted };
    });
    // Detached after commit: a provider hiccup must not resurrect a card the user deleted.
    await this.provider.detachCard(card.providerPaymentMethodId).catch(() => undefined);
    return { id: card.id, deleted: true, new_default_id: newDefaultId };
  }

  /** The card renewals charge, or null when the account has none. */
  defaultCard(manager: EntityManager, userId: string): Promise<PaymentMethod | null> {
    return manager.findOneBy(PaymentMethod, { userId, isDefault: true });
  }

  async find(manager: EntityManager, userId: string, id: string): Promise<PaymentMethod> {
    const card = isUuid(id) ? await manager.findOneBy(PaymentMethod, { id, userId }) : null;
    if (!card) throw new NotFoundException({ error: CARD_NOT_FOUND });
    return card;
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
}
