import { ForbiddenException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompanyMemberships } from '../auth/company-memberships.repository.js';
import { seatLimitMessage, SubscriptionAccess } from '../common/subscription-access.js';
import { ClientLinksRepository } from '../client-links/client-links.repository.js';

export const SEAT_LIMIT_REACHED = 'SEAT_LIMIT_REACHED';

export interface SeatUsage {
  used: number;
  limit: number;
  plan: string;
}

/**
 * Seats (subscriptions/PLANS.md, Seats): a company's members, its pending invitations and the client companies it
 * pays for each take one of the seats its plan gives. Checked, under a lock of the company's seats held to the end of
 * the caller's transaction, before an invitation or a client is added, so two additions at once cannot both take
 * the last seat.
 */
@Injectable()
export class Seats {
  constructor(
    private readonly memberships: CompanyMemberships,
    private readonly links: ClientLinksRepository,
    private readonly access: SubscriptionAccess,
  ) {}

  /** The seats the company uses and its plan gives (Settings, Members). */
  async usage(companyId: string): Promise<SeatUsage> {
    const [members, clients, allowance] = await Promise.all([
      this.memberships.seatsTaken(companyId),
      this.links.preparerBilledCount(companyId),
      this.access.seatAllowance(companyId),
    ]);
    return { used: members + clients, limit: allowance.limit, plan: allowance.planName };
  }

  /** Throws 403 SEAT_LIMIT_REACHED, naming the plan and its limit, when the company has no seat left. */
  async takeOne(manager: EntityManager, companyId: string): Promise<void> {
    const used =
      (await this.memberships.lockSeats(manager, companyId)) +
      (await this.links.preparerBilledCount(companyId, manager));
    const allowance = await this.access.seatAllowance(companyId);
    if (used + 1 > allowance.limit) {
      throw new ForbiddenException({
        error: seatLimitMessage(allowance),
        code: SEAT_LIMIT_REACHED,
        limit: allowance.limit,
        used,
      });
    }
  }
}
