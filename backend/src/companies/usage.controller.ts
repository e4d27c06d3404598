import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ReceiptStorageQuota } from '../records/receipt-storage-quota.js';
import { UsageDto } from './dto/usage.dto.js';
import { Seats } from './seats.js';

/** What the company stores and adds against each quota (Settings, Usage and limits); every member may read it. */
@ApiTags('companies')
@Authenticated()
@Controller('protected/usage')
export class UsageController {
  constructor(
    private readonly seats: Seats,
    private readonly receipts: ReceiptStorageQuota,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Used and allowed for each of the company's quotas: receipt storage, client companies, seats",
  })
  @ApiOkResponse({ type: UsageDto })
  async usage(@CurrentUser() user: AuthenticatedUser): Promise<UsageDto> {
    const [receipts, clients, seats] = await Promise.all([
      this.receipts.usage(user.id),
      this.seats.clientCompanies(user.id),
      this.seats.usage(user.id),
    ]);
    return {
      plan: clients.plan,
      receipt_storage: receipts,
      client_companies: { used: clients.used, limit: clients.limit },
      seats: { used: seats.used, limit: seats.limit },
    };
  }
}
