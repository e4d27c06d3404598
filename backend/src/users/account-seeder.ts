import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * What a new account starts with besides its settings (its own copy of the IFTA rate table, …).
 * Features register a seed step here; every step runs inside the registration transaction, so an
 * account is never left half made.
 */
export type SeedStep = (manager: EntityManager, userId: string) => Promise<void>;

@Injectable()
export class AccountSeeder {
  private readonly steps: SeedStep[] = [];

  register(step: SeedStep): void {
    this.steps.push(step);
  }

  async seed(manager: EntityManager, userId: string): Promise<void> {
    for (const step of this.steps) await step(manager, userId);
  }
}
