import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompanyMemberships } from '../auth/company-memberships.repository.js';
import { type SeatAllowance, seatLimitMessage, SubscriptionAccess } from '../common/subscription-access.js';
import { ClientLinksRepository, type ClientBilling } from '../client-links/client-links.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export const SEAT_LIMIT_REACHED = 'SEAT_LIMIT_REACHED';
export const CLIENT_COMPANY_LIMIT_REACHED = 'CLIENT_COMPANY_LIMIT_REACHED';

export interface SeatUsage {
  used: number;
  limit: number;
  plan: string;
}

export interface ClientCompanyUsage {
  used: number;
  limit: number;
  /** The plan the limit is of; null when the company has no valid subscription (and may add no client). */
  plan: string | null;
}

/** Who pays for the company's seats and what its plan gives (Seats.seatQuota). */
export interface SeatQuota {
  payer: string;
  allowance: SeatAllowance;
}

/** What adding a client company is checked against (Seats.clientCompanyQuota). */
export interface ClientCompanyQuota {
  companyId: string;
  payer: string;
  clients: { limit: number; plan: string | null };
  /** The seat check of a client billed to the practice; null for one that pays for itself. */
  seats: SeatQuota | null;
}

export const clientCompanyLimitMessage = (limit: number, planName: string | null) =>
  planName === null
    ? 'Client company limit reached: an account without an active subscription includes 0 client companies. Subscribe to a plan to add clients.'
    : `Client company limit reached: your ${planName} plan includes ${limit} client companies. Upgrade your plan to add more.`;

/**
 * Seats (subscriptions/PLANS.md, Seats): the people of a company and of the client companies it pays for (each member
 * once, each pending invitation) and each of those clients take one of the seats the paying company's plan gives, so
 * members added to a client billed to the practice are paid seats of the practice, not free ones of the client.
 * Checked under a lock of the paying company's seats held to the end of the caller's transaction, before an
 * invitation or a client is added, so two additions at once cannot both take the last seat. The client companies a
 * practice manages are limited by its plan too (CLIENT_COMPANIES_*), counted under the same lock.
 */
@Injectable()
export class Seats {
  constructor(
    private readonly memberships: CompanyMemberships,
    private readonly links: ClientLinksRepository,
    private readonly access: SubscriptionAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The seats the company (with the practice that pays for it, if one does) uses and its plan gives. */
  async usage(companyId: string): Promise<SeatUsage> {
    const payer = await this.links.payerOf(companyId);
    const [used, allowance] = await Promise.all([this.used(payer), this.access.seatAllowance(companyId)]);
    return { used, limit: allowance.limit, plan: allowance.planName };
  }

  /** The client companies the company manages and its plan allows. */
  async clientCompanies(companyId: string): Promise<ClientCompanyUsage> {
    const [used, allowed] = await Promise.all([this.links.clientCount(companyId), this.clientAllowance(companyId)]);
    return { used, ...allowed };
  }

  /**
   * What a seat check needs from outside the caller's transaction: who pays and what the plan allows. Read before the
   * transaction opens: a transaction that waits for the seats' lock holds a pooled connection, so under the lock
   * nothing may ask the pool for a second one, or a burst of additions would hold every connection and wait for ever.
   */
  async seatQuota(companyId: string): Promise<SeatQuota> {
    const [payer, allowance] = await Promise.all([this.links.payerOf(companyId), this.access.seatAllowance(companyId)]);
    return { payer, allowance };
  }

  /** As seatQuota, for adding a client company: the plan's client companies too. */
  async clientCompanyQuota(companyId: string, billing: ClientBilling): Promise<ClientCompanyQuota> {
    const [seats, clients] = await Promise.all([
      billing === 'preparer' ? this.seatQuota(companyId) : null,
      this.clientAllowance(companyId),
    ]);
    return { companyId, seats, clients, payer: seats?.payer ?? (await this.links.payerOf(companyId)) };
  }

  /**
   * Throws 403 SEAT_LIMIT_REACHED, naming the plan and its limit, when the company has no seat left (`quota` from
   * seatQuota, read before the transaction).
   */
  async takeOne(manager: EntityManager, quota: SeatQuota): Promise<void> {
    await this.memberships.lockSeats(manager, quota.payer);
    const used = await this.used(quota.payer, manager);
    const { allowance } = quota;
    if (used + 1 > allowance.limit) {
      throw new ForbiddenException({
        error: seatLimitMessage(allowance),
        code: SEAT_LIMIT_REACHED,
        limit: allowance.limit,
        used,
      });
    }
  }

  /**
   * Before a client company is added: throws 403 CLIENT_COMPANY_LIMIT_REACHED past the plan's client companies, and
   * for a client billed to the practice takes its seat (above). `quota` from clientCompanyQuota.
   */
  async takeClientCompany(manager: EntityManager, quota: ClientCompanyQuota): Promise<void> {
    await this.memberships.lockSeats(manager, quota.payer);
    const used = await this.links.clientCount(quota.companyId, manager);
    const { limit, plan } = quota.clients;
    if (used + 1 > limit) {
      throw new ForbiddenException({
        error: clientCompanyLimitMessage(limit, plan),
        code: CLIENT_COMPANY_LIMIT_REACHED,
        limit,
        used,
      });
    }
    if (quota.seats) await this.takeOne(manager, quota.seats);
  }

  private async used(payer: string, manager?: EntityManager): Promise<number> {
    const clients = await this.links.preparerBilled(payer, manager);
    return (await this.memberships.seatsTaken([payer, ...clients], manager)) + clients.length;
  }

  /** A company without a valid subscription may add none; a plan not configured has Starter's limit. */
  private async clientAllowance(companyId: string): Promise<{ limit: number; plan: string | null }> {
    const plan = await this.access.validPlan(companyId);
    if (!plan) return { limit: 0, plan: null };
    const limits = this.config.clientCompanyLimits;
    return { limit: limits[plan.id] ?? limits.starter ?? 0, plan: plan.name };
  }
}
