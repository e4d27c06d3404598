import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountBillingLock } from '../billing/account-billing-lock.service.js';
import { BillingCustomersService } from '../billing/billing-customers.service.js';
import { cardErrorToHttp } from '../billing/card-error.http.js';
import { type CardDetails, PaymentProvider } from '../billing/payment-provider.js';
import { SubscriptionAccess } from '../common/subscription-access.js';
import { isUuid } from '../common/validators/uuid.js';
import { AuditLog } from '../audit/audit-log.js';
import {
  type AddPaymentMethodDto,
  type DeletePaymentMethodResponseDto,
  type PaymentMethodListDto,
  PaymentMethodResponseDto,
  type UpdatePaymentMethodDto,
} from './dto/payment-method.dto.js';
import type { PaymentMethod } from './entities/payment-method.entity.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';

export const CARD_NOT_FOUND = 'Payment method not found';

/** A card attached at the provider and ready to save; `details` is null when the account already has it. */
export interface PreparedCard {
  providerPaymentMethodId: string;
  details: CardDetails | null;
}
export const NOTHING_TO_UPDATE = 'Send is_default: true or a nickname';
export const LAST_CARD_PAYS =
  'This card pays your subscription and it is your only card: add another card first (or cancel the subscription) ' +
  'before deleting it';

@Injectable()
export class PaymentMethodsService {
  constructor(
    private readonly repository: PaymentMethodsRepository,
    private readonly provider: PaymentProvider,
    private readonly customers: BillingCustomersService,
    private readonly billingLock: AccountBillingLock,
    private readonly subscriptions: SubscriptionAccess,
    private readonly audit: AuditLog,
  ) {}

  async list(userId: string): Promise<PaymentMethodListDto> {
    const cards = await this.repository.list(userId);
    return { payment_methods: cards.map((card) => PaymentMethodResponseDto.from(card)) };
  }

  async get(userId: string, id: string): Promise<PaymentMethodResponseDto> {
    return PaymentMethodResponseDto.from(await this.find(undefined, userId, id));
  }

  async add(userId: string, body: AddPaymentMethodDto): Promise<PaymentMethodResponseDto> {
    const prepared = await this.prepare(userId, body.payment_method_id, 'payment_method_id');
    const card = await this.repository.transaction(async (manager) => {
      await this.billingLock.hold(manager, userId);
      const saved = await this.save(manager, userId, prepared, {
        makeDefault: body.set_default === true,
        nickname: body.nickname || null,
      });
      await this.audit.record(manager, {
        companyId: userId,
        action: 'card_add',
        entity: 'billing',
        entityId: saved.id,
        summary: `Added card ${saved.cardBrand} •••• ${saved.cardLast4}`,
      });
      return saved;
    });
    return PaymentMethodResponseDto.from(card);
  }

  /**
   * Attaches a tokenised card at the provider (unless this account saved it before). Call it before opening the
   * transaction that saves the card: a provider call, and the sandbox's own queries, must not run while a pooled
   * connection is held, or concurrent sign-ups could wait on each other for connections.
   */
  async prepare(userId: string, providerPaymentMethodId: string, field: string): Promise<PreparedCard> {
    const saved = await this.repository.isSaved(userId, providerPaymentMethodId);
    if (saved) return { providerPaymentMethodId, details: null };
    const customerId = await this.customers.customerId(userId);
    const details = await this.provider.attachCard(customerId, providerPaymentMethodId).catch((error: unknown) => {
      throw cardErrorToHttp(error, field);
    });
    return { providerPaymentMethodId, details };
  }

  /**
   * Keeps a prepared card on the account; the account's first card becomes the default. Saving the same card
   * twice answers the card already saved. Call under AccountBillingLock.
   */
  async save(
    manager: EntityManager,
    userId: string,
    prepared: PreparedCard,
    options: { makeDefault: boolean; nickname?: string | null },
  ): Promise<PaymentMethod> {
    let card = await this.repository.bySavedId(manager, userId, prepared.providerPaymentMethodId);
    if (!card) {
      const details = prepared.details ?? (await this.provider.retrieveCard(prepared.providerPaymentMethodId));
      card = await this.repository.insert(manager, {
        userId,
        provider: this.provider.name,
        providerPaymentMethodId: prepared.providerPaymentMethodId,
        cardBrand: details.brand,
        cardLast4: details.last4,
        cardExpMonth: details.exp_month,
        cardExpYear: details.exp_year,
        nickname: options.nickname ?? null,
      });
    }
    const hasDefault = await this.repository.hasDefault(manager, userId);
    if (options.makeDefault || !hasDefault) await this.makeDefault(manager, userId, card.id);
    return this.repository.byId(manager, card.id);
  }

  async update(userId: string, id: string, body: UpdatePaymentMethodDto): Promise<PaymentMethodResponseDto> {
    if (body.is_default === undefined && body.nickname === undefined) {
      throw new BadRequestException({ error: NOTHING_TO_UPDATE, fields: { is_default: NOTHING_TO_UPDATE } });
    }
    const card = await this.repository.transaction(async (manager) => {
      await this.billingLock.hold(manager, userId);
      const found = await this.find(manager, userId, id);
      if (body.nickname !== undefined) await this.repository.setNickname(manager, found.id, body.nickname || null);
      if (body.is_default) await this.makeDefault(manager, userId, found.id);
      if (body.is_default)
        await this.audit.record(manager, {
          companyId: userId,
          action: 'card_default',
          entity: 'billing',
          entityId: found.id,
          summary: `Made card ${found.cardBrand} •••• ${found.cardLast4} the default`,
        });
      return this.repository.byId(manager, found.id);
    });
    return PaymentMethodResponseDto.from(card);
  }

  async remove(userId: string, id: string): Promise<DeletePaymentMethodResponseDto> {
    const { card, newDefaultId } = await this.repository.transaction(async (manager) => {
      await this.billingLock.hold(manager, userId);
      const found = await this.find(manager, userId, id);
      // A subscription that will renew charges the default card: its only card stays until another is added.
      if ((await this.repository.count(manager, userId)) === 1 && (await this.subscriptions.renewsOnCard(userId))) {
        throw new ConflictException({ error: LAST_CARD_PAYS, message: LAST_CARD_PAYS });
      }
      await this.repository.delete(manager, found.id);
      await this.audit.record(manager, {
        companyId: userId,
        action: 'card_delete',
        entity: 'billing',
        entityId: found.id,
        summary: `Deleted card ${found.cardBrand} •••• ${found.cardLast4}`,
      });
      // The newest remaining card takes over renewals, so the account is never left without a default.
      const promoted = found.isDefault ? await this.promoteNewest(manager, userId) : null;
      return { card: found, newDefaultId: promoted };
    });
    // Detached after commit: a provider hiccup must not resurrect a card the user deleted.
    await this.provider.detachCard(card.providerPaymentMethodId).catch(() => undefined);
    return { id: card.id, deleted: true, new_default_id: newDefaultId };
  }

  /** The card renewals charge, or null when the account has none. */
  defaultCard(manager: EntityManager, userId: string): Promise<PaymentMethod | null> {
    return this.repository.defaultCard(manager, userId);
  }

  /** The account's card `id` (read in the caller's transaction when given), else 404. */
  async find(manager: EntityManager | undefined, userId: string, id: string): Promise<PaymentMethod> {
    const card = isUuid(id) ? await this.repository.ofAccount(userId, id, manager) : null;
    if (!card) throw new NotFoundException({ error: CARD_NOT_FOUND });
    return card;
  }

  makeDefault(manager: EntityManager, userId: string, id: string): Promise<void> {
    return this.repository.makeDefault(manager, userId, id);
  }

  /** The card as the provider now describes it (Stripe's payment_method.updated), on every account that saved it. */
  updatedAtProvider(manager: EntityManager, providerPaymentMethodId: string, details: CardDetails): Promise<void> {
    return this.repository.setDetailsOfProviderCard(manager, this.provider.name, providerPaymentMethodId, details);
  }

  /**
   * A card removed at the provider (dashboard, another integration) leaves our list too, under each account's
   * billing lock in the caller's transaction; a default that goes passes to the account's newest card.
   */
  async detachedAtProvider(manager: EntityManager, providerPaymentMethodId: string): Promise<void> {
    const saved = await this.repository.byProviderCard(manager, this.provider.name, providerPaymentMethodId);
    for (const card of saved) {
      await this.billingLock.hold(manager, card.userId);
      await this.repository.delete(manager, card.id);
      if (card.isDefault) await this.promoteNewest(manager, card.userId);
    }
  }

  /** Cards re-read from the provider (a renewed card's new expiry); one the provider no longer knows stays as it was. */
  async refreshFromProvider(userId: string): Promise<void> {
    for (const card of await this.repository.ofProvider(userId, this.provider.name)) {
      try {
        await this.repository.setDetails(card.id, await this.provider.retrieveCard(card.providerPaymentMethodId));
      } catch {
        // The next renewal reports the failure.
      }
    }
  }

  /** The newest remaining card becomes the default; answers its id, or null when the account has no card left. */
  private async promoteNewest(manager: EntityManager, userId: string): Promise<string | null> {
    const next = await this.repository.newest(manager, userId);
    if (!next) return null;
    await this.makeDefault(manager, userId, next.id);
    return next.id;
  }
}
