import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log.js';
import { CompanyMemberships } from '../auth/company-memberships.repository.js';
import { hashPassword } from '../auth/password.js';
import { FilingCalendarService } from '../calendar/filing-calendar.service.js';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { AccountSeeder } from '../users/account-seeder.js';
import { UsersService } from '../users/users.service.js';
import { ClientLinksRepository, type ClientLinkRow } from '../client-links/client-links.repository.js';
import type {
  ClientCompaniesDto,
  ClientCompanyDto,
  ClientCompanyListItemDto,
  CreateClientCompanyDto,
} from './dto/companies.dto.js';
import { Seats } from './seats.js';

/**
 * A client company's own row needs an e-mail address (the column is the sign-in name and unique). It gets one that
 * no mailbox has and no one can type into a sign-in usefully: the row has no member of its own, so even a matching
 * password would sign no one in (auth answers "no longer a member of any company"). The client's real address is
 * kept with the link, and the company's mail goes to it (`mail_to`).
 */
const placeholderEmail = () => `client-${randomUUID()}@clients.invalid`;

/**
 * Preparers who file for several carriers: a company's owner or admin makes client companies, each a company of its
 * own (settings, rates, calendar, seeded as a new account is) with the person who made it as its owner, linked to
 * the preparer's company. The list says, per client, the return to file next and its state, overdue first.
 */
@Injectable()
export class ClientCompaniesService {
  constructor(
    private readonly links: ClientLinksRepository,
    private readonly memberships: CompanyMemberships,
    private readonly credentials: AccountCredentials,
    private readonly users: UsersService,
    private readonly seeder: AccountSeeder,
    private readonly profile: AccountProfile,
    private readonly calendar: FilingCalendarService,
    private readonly seats: Seats,
    private readonly audit: AuditLog,
  ) {}

  async create(actor: AuthenticatedUser, dto: CreateClientCompanyDto): Promise<ClientCompanyDto> {
    // The row's password is random and never told to anyone: nothing signs in as the client company's row.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const email = dto.email ?? null;
    const quota = await this.seats.clientCompanyQuota(actor.id, dto.billing);
    const company = await this.memberships.transaction(async (manager) => {
      await this.seats.takeClientCompany(manager, quota);
      const created = await this.credentials.create(manager, {
        email: placeholderEmail(),
        passwordHash,
        companyName: dto.name,
        // Its reminders and invoices reach the client, or else the person who manages it.
        mailTo: email ?? actor.email,
      });
      await this.users.createDefaultSettings(manager, created.id);
      await this.seeder.seed(manager, created.id);
      await this.memberships.addMember(manager, {
        companyId: created.id,
        userId: actor.memberId,
        role: 'owner',
        name: null,
      });
      await this.links.insert(manager, {
        companyId: created.id,
        managedBy: actor.id,
        billing: dto.billing,
        contactEmail: email,
      });
      await this.audit.record(manager, {
        companyId: actor.id,
        action: 'add_client',
        entity: 'member',
        entityId: created.id,
        summary: `Added client company ${dto.name} (billed to the ${dto.billing})`,
      });
      return created;
    });
    return {
      id: company.id,
      name: company.companyName,
      email,
      billing: dto.billing,
      member: true,
      created_at: company.createdAt.toISOString(),
    };
  }

  async list(actor: AuthenticatedUser): Promise<ClientCompaniesDto> {
    const links = await this.links.clientsOf(actor.id);
    const ids = links.map((link) => link.company_id);
    const [names, mine] = await Promise.all([
      this.profile.companyNames(ids),
      this.memberships.membershipsOf(actor.memberId),
    ]);
    const memberOf = new Set(mine.map((row) => row.company_id));
    // One calendar at a time: each reads several tables, and a preparer's list is tens of clients, not thousands.
    const data: ClientCompanyListItemDto[] = [];
    for (const link of links) data.push(await this.item(link, names.get(link.company_id) ?? '', memberOf));
    data.sort(
      (a, b) =>
        Number(b.next_due.overdue) - Number(a.next_due.overdue) ||
        a.next_due.due_date.localeCompare(b.next_due.due_date) ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    );
    return { data, total: data.length };
  }

  private async item(link: ClientLinkRow, name: string, memberOf: Set<string>): Promise<ClientCompanyListItemDto> {
    const due = (await this.calendar.forAccount(link.company_id)).return_due;
    return {
      id: link.company_id,
      name,
      email: link.contact_email,
      billing: link.billing,
      member: memberOf.has(link.company_id),
      created_at: link.created_at,
      next_due: {
        period: due.period,
        due_date: due.due_date,
        days_left: due.days_left,
        state: due.state,
        overdue: due.overdue,
      },
    };
  }
}
