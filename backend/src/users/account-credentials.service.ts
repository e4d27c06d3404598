import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User } from './entities/user.entity.js';
import { UsersRepository } from './users.repository.js';

/**
 * What the auth feature may ask of the `users` table (docs/style.md: another feature's tables are reached through a
 * small service of the owning module): sign-in look-ups with the password hash, new accounts, new passwords.
 * Writes take the caller's EntityManager so they join its transaction (registration, password change or reset).
 */
@Injectable()
export class AccountCredentials {
  constructor(private readonly users: UsersRepository) {}

  byEmailWithHash(email: string): Promise<User | null> {
    return this.users.byEmailWithHash(email);
  }

  byIdWithHash(id: string): Promise<User | null> {
    return this.users.byIdWithHash(id);
  }

  byEmail(email: string): Promise<User | null> {
    return this.users.byEmail(email);
  }

  /** `mailTo`: where the company's mail goes when not to `email` (a preparer's client company). */
  create(
    manager: EntityManager,
    fields: Pick<User, 'email' | 'passwordHash' | 'companyName'> & Partial<Pick<User, 'mailTo' | 'emailProvenAt'>>,
  ): Promise<User> {
    return this.users.insert(manager, fields);
  }

  setPasswordHash(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    return this.users.setPasswordHash(manager, userId, passwordHash);
  }

  /** Whether the account's address is proven. */
  isEmailProven(userId: string): Promise<boolean> {
    return this.users.isEmailProven(userId);
  }

  /** The account's address, lower-cased, when proven; null otherwise (an address anyone could have typed). */
  provenEmail(userId: string): Promise<string | null> {
    return this.users.provenEmail(userId);
  }

  /** Marks the address proven in the caller's transaction; true only the first time. */
  markEmailProven(manager: EntityManager, userId: string): Promise<boolean> {
    return this.users.markEmailProven(manager, userId);
  }
}
