import { type CanActivate, ConflictException, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { isUuid } from '../common/validators/uuid.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { CompanyMemberships } from './company-memberships.repository.js';

/** The header the web app sends with every call: the company the tab's page shows. */
export const TAB_COMPANY_HEADER = 'x-company-id';

export const tabActsFor = (tabCompany: string, signedInTo: string) =>
  `This tab acts for ${tabCompany}, but you are signed in to ${signedInTo} here. Reload the page to continue.`;
/** The same refusal when the tab's company is not one of the person's: its name is not theirs to read. */
export const tabActsForAnother = (signedInTo: string) =>
  `This tab acts for another company, but you are signed in to ${signedInTo} here. Reload the page to continue.`;

/**
 * Global, after the JWT guard: a request that names the company its page shows (the web app's X-Company-Id) is
 * refused (409) when its token is for another company, so work typed for one company is never saved into, nor
 * another company's data shown under the name of, the company on screen. A request without the header (an API
 * client) is scoped by its token alone, as always. The names are looked up only for a refusal.
 */
@Injectable()
export class TabCompanyGuard implements CanActivate {
  constructor(
    private readonly memberships: CompanyMemberships,
    private readonly profile: AccountProfile,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const user = request.user;
    const named = request.headers[TAB_COMPANY_HEADER];
    const tabCompany = Array.isArray(named) ? named[0] : named;
    if (!user || tabCompany === undefined || tabCompany === '' || tabCompany.toLowerCase() === user.id) return true;
    const member = isUuid(tabCompany) && (await this.memberships.membership(tabCompany, user.memberId)) !== null;
    const names = await this.profile.companyNames(member ? [tabCompany, user.id] : [user.id]);
    const signedInTo = names.get(user.id) ?? '';
    throw new ConflictException({
      error: member ? tabActsFor(names.get(tabCompany) ?? '', signedInTo) : tabActsForAnother(signedInTo),
      code: 'TAB_COMPANY_CHANGED',
    });
  }
}
