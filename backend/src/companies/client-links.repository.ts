import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../database/prepared-statements.js';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

export const CLIENT_BILLING = ['client', 'preparer'] as const;
export type ClientBilling = (typeof CLIENT_BILLING)[number];

export interface ClientLinkRow {
  company_id: string;
  managed_by: string;
  billing: ClientBilling;
  contact_email: string | null;
  created_at: string;
}

/**
 * The SQL of `client_companies`: which companies a preparer's company made and manages, and who pays for each.
 * The subscription guard asks `payerOf` on every guarded request, so that one is a prepared statement.
 */
@Injectable()
export class ClientLinksRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(
    manager: EntityManager,
    fields: { companyId: string; managedBy: string; billing: ClientBilling; contactEmail: string | null },
  ): Promise<void> {
    await manager.query(
      'INSERT INTO client_companies (company_id, managed_by, billing, contact_email) VALUES ($1, $2, $3, $4)',
      [fields.companyId, fields.managedBy, fields.billing, fields.contactEmail],
    );
  }

  /** The company whose subscription opens `companyId`: its preparer's when the preparer pays, else its own. */
  async payerOf(companyId: string): Promise<string> {
    const [row] = await queryPrepared<{ managed_by: string }>(
      this.db,
      `SELECT managed_by FROM client_companies WHERE company_id = $1 AND billing = 'preparer'`,
      [companyId],
    );
    return row?.managed_by ?? companyId;
  }

  /** The client companies `preparerId` manages, oldest first. */
  async clientsOf(preparerId: string): Promise<ClientLinkRow[]> {
    return (await this.db.query(
      `SELECT company_id, managed_by, billing, contact_email, ${isoTimestamp('created_at')} AS created_at
         FROM client_companies WHERE managed_by = $1 ORDER BY created_at, company_id`,
      [preparerId],
    )) as ClientLinkRow[];
  }

  /** How many clients `preparerId` pays for: each takes one seat of the preparer's plan. */
  async preparerBilledCount(preparerId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM client_companies WHERE managed_by = $1 AND billing = 'preparer'`,
      [preparerId],
    )) as Array<{ n: number }>;
    return row.n;
  }
}
