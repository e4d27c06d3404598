import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
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

/** Companies whose payer is remembered at once; past that the least recently asked are read again. */
const REMEMBERED_PAYERS = 50_000;
/**
 * How long a payer is remembered. A link is written once, in the transaction that creates the client company, and
 * nothing changes it; the bound only keeps a future change of billing from waiting on a restart.
 */
const PAYER_TTL_MS = 10 * 60_000;

/**
 * The SQL of `client_companies`: which companies a preparer's company made and manages, and who pays for each.
 * The subscription guard asks `payerOf` on every guarded request (a report's create asks it twice), so its answers
 * are remembered per process: without that, the link cost every write a query of its own.
 */
@Injectable()
export class ClientLinksRepository {
  private readonly payers = new LRUCache<string, string>({ max: REMEMBERED_PAYERS, ttl: PAYER_TTL_MS });

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

  /**
   * The company whose subscription opens `companyId`: its preparer's when the preparer pays, else its own. A company
   * and its link are committed together, so no request can ask before the link exists and remember a wrong answer.
   */
  async payerOf(companyId: string): Promise<string> {
    const known = this.payers.get(companyId);
    if (known) return known;
    const [row] = await queryPrepared<{ managed_by: string }>(
      this.db,
      `SELECT managed_by FROM client_companies WHERE company_id = $1 AND billing = 'preparer'`,
      [companyId],
    );
    const payer = row?.managed_by ?? companyId;
    this.payers.set(companyId, payer);
    return payer;
  }

  /** The company (practice) that manages the client company `companyId`, or null for a company that is no client. */
  async managerOf(companyId: string): Promise<string | null> {
    const [row] = (await this.db.query('SELECT managed_by FROM client_companies WHERE company_id = $1', [
      companyId,
    ])) as Array<{ managed_by: string }>;
    return row?.managed_by ?? null;
  }

  /** The client companies `preparerId` manages, oldest first. */
  async clientsOf(preparerId: string): Promise<ClientLinkRow[]> {
    return (await this.db.query(
      `SELECT company_id, managed_by, billing, contact_email, ${isoTimestamp('created_at')} AS created_at
         FROM client_companies WHERE managed_by = $1 ORDER BY created_at, company_id`,
      [preparerId],
    )) as ClientLinkRow[];
  }

  /** The clients `preparerId` pays for: each takes one seat of the preparer's plan, and so do their people. */
  async preparerBilled(preparerId: string, manager: EntityManager = this.db.manager): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT company_id FROM client_companies WHERE managed_by = $1 AND billing = 'preparer'`,
      [preparerId],
    )) as Array<{ company_id: string }>;
    return rows.map((row) => row.company_id);
  }

  /** How many client companies `preparerId` manages, whoever pays for them (the plan's client-company limit). */
  async clientCount(preparerId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = (await manager.query('SELECT count(*)::int AS n FROM client_companies WHERE managed_by = $1', [
      preparerId,
    ])) as Array<{ n: number }>;
    return row.n;
  }
}
