import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service.js';
import { CompanyMemberships } from '../auth/company-memberships.repository.js';
import type { AuthResponseDto } from '../auth/dto/auth-response.dto.js';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { AccountProfile } from '../users/account-profile.service.js';
import type { CompaniesDto } from './dto/companies.dto.js';

/** The companies a signed-in person belongs to, and moving their sign-in from one to another. */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly memberships: CompanyMemberships,
    private readonly profile: AccountProfile,
    private readonly auth: AuthService,
  ) {}

  async list(actor: AuthenticatedUser): Promise<CompaniesDto> {
    const rows = await this.memberships.membershipsOf(actor.memberId);
    const names = await this.profile.companyNames(rows.map((row) => row.company_id));
    return {
      companies: rows.map((row) => ({
        id: row.company_id,
        name: names.get(row.company_id) ?? '',
        role: row.role,
        current: row.company_id === actor.id,
      })),
    };
  }

  switchTo(actor: AuthenticatedUser, companyId: string): Promise<AuthResponseDto> {
    return this.auth.switchCompany(actor, companyId);
  }
}
