import { describe, expect, it } from '@jest/globals';
import { ConflictException, type ExecutionContext } from '@nestjs/common';
import type { AccountProfile } from '../users/account-profile.service.js';
import { localiseMessage } from '../common/i18n/localise-message.js';
import type { CompanyMemberships } from './company-memberships.repository.js';
import { TabCompanyGuard } from './tab-company.guard.js';

const PERSON = '0f6d5c8e-2f8a-4a5e-8a38-3d6c9b7e4a22';
const HEARTLAND = '5b0c8f0e-5a7e-4f43-9d55-1b8d4a1f0c11';
const BIG_SKY = '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NAMES = new Map([
  [HEARTLAND, 'Heartland Hauling'],
  [BIG_SKY, 'Big Sky Freight'],
]);

/** A guard over memberships of the person in Heartland and Big Sky; the request's token is for Big Sky. */
const refusal = async (headers: Record<string, string>, user: object | null = { id: BIG_SKY, memberId: PERSON }) => {
  const memberships = {
    membership: async (companyId: string) => (NAMES.has(companyId) ? { company_id: companyId } : null),
  } as unknown as CompanyMemberships;
  const profile = {
    companyNames: async (ids: string[]) => new Map(ids.map((id) => [id, NAMES.get(id) ?? ''])),
  } as unknown as AccountProfile;
  const context = {
    switchToHttp: () => ({ getRequest: () => ({ headers, user }) }),
  } as unknown as ExecutionContext;
  try {
    expect(await new TabCompanyGuard(memberships, profile).canActivate(context)).toBe(true);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConflictException);
    return ((error as ConflictException).getResponse() as { error: string }).error;
  }
};

describe('a request names the company its tab acts for', () => {
  it('passes without the header, on a public route, and when it names the token company', async () => {
    expect(await refusal({})).toBeNull();
    expect(await refusal({ 'x-company-id': HEARTLAND }, null)).toBeNull();
    expect(await refusal({ 'x-company-id': BIG_SKY.toUpperCase() })).toBeNull();
  });

  it("is refused naming both companies when the token is for another of the person's", async () => {
    const error = await refusal({ 'x-company-id': HEARTLAND });
    expect(error).toBe(
      'This tab acts for Heartland Hauling, but you are signed in to Big Sky Freight here. Reload the page to continue.',
    );
    expect(localiseMessage(error!, 'ru')).toBe(
      'Эта вкладка работает с компанией Heartland Hauling, но здесь вы вошли в компанию Big Sky Freight. Перезагрузите страницу, чтобы продолжить.',
    );
  });

  it('never names a company that is not the person’s', async () => {
    const error = await refusal({ 'x-company-id': '11111111-2222-4333-8444-555555555555' });
    expect(error).toBe(
      'This tab acts for another company, but you are signed in to Big Sky Freight here. Reload the page to continue.',
    );
    expect(localiseMessage(error!, 'ru')).toBe(
      'Эта вкладка работает с другой компанией, но здесь вы вошли в компанию Big Sky Freight. Перезагрузите страницу, чтобы продолжить.',
    );
  });
});
