import { Injectable } from '@nestjs/common';
import { type AccountRate, createJurisdictionDirectory, type JurisdictionDirectory } from '../ifta/index.js';
import { AccountTaxRates } from '../tax-rates/account-tax-rates.service.js';

/**
 * Which jurisdiction names the account may report and at which active rate: the 58 members plus the account's own
 * tax-rate table, read through the tax-rates feature's exported service.
 */
@Injectable()
export class AccountJurisdictionsService {
  constructor(private readonly taxRates: AccountTaxRates) {}

  async forAccount(userId: string): Promise<JurisdictionDirectory> {
    return createJurisdictionDirectory(await this.rates(userId));
  }

  /** The rate table the directory is built from, as plain data: a worker thread builds the same directory from it. */
  rates(userId: string): Promise<AccountRate[]> {
    return this.taxRates.currentRates(userId);
  }
}
