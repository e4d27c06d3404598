import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../../common/authenticated-user.js';
import { Authenticated } from '../../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../../common/dto/error-response.dto.js';
import { attachmentDisposition } from '../../common/http/attachment.js';
import { AuditPacketService } from './audit-packet.service.js';
import { AuditPacketQueryDto } from './dto/audit-packet.dto.js';
import { PacketZip } from './packet-zip.js';

/** The headers a client reads its progress from, before the first byte of the archive. */
export const PACKET_ENTRIES_HEADER = 'X-Audit-Packet-Entries';
export const PACKET_ESTIMATE_HEADER = 'X-Audit-Packet-Estimated-Bytes';

/**
 * The audit packet as one GET that streams: any replica answers it (nothing is kept between requests), and the
 * client shows progress from the entry count and size estimate announced in the headers.
 */
@ApiTags('records')
@Authenticated()
@RequiresSubscription('calculator')
@Controller('protected/records')
export class AuditPacketController {
  private readonly logger = new Logger(AuditPacketController.name);

  constructor(private readonly packets: AuditPacketService) {}

  @Get('audit-packet')
  // The ZIP is the 200's content alone (ApiProduces would type the JSON errors as ZIP too).
  @ApiOperation({
    summary: "An auditor's packet of a quarter or a year as a ZIP, sent as it is written",
    description:
      'Per quarter: the filed return PDF(s) (else the latest draft, marked DRAFT; README.txt says when there is ' +
      'none), the per-vehicle mileage summary as PDF and CSV, the receipts list as CSV and the attached receipt ' +
      `files. ${PACKET_ENTRIES_HEADER} gives the number of entries and ${PACKET_ESTIMATE_HEADER} an estimate of ` +
      'the size, for a progress bar (the length is not known before the end).',
  })
  @ApiOkResponse({
    description: 'The ZIP',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      [PACKET_ENTRIES_HEADER]: { description: 'How many entries the ZIP holds', schema: { type: 'integer' } },
      [PACKET_ESTIMATE_HEADER]: { description: 'About how many bytes it will be', schema: { type: 'integer' } },
    },
  })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'The company has no such unit', type: ErrorResponseDto })
  async auditPacket(@CurrentUser() user: AuthenticatedUser, @Query() query: AuditPacketQueryDto, @Res() res: Response) {
    const plan = await this.packets.plan(user.id, query.period, query.unit || undefined);
    const zip = new PacketZip(plan.madeAt);
    const name = `audit-packet-${plan.period}${plan.unit ? `-${plan.unit}` : ''}.zip`;
    res
      .status(200)
      .type('application/zip')
      .set({
        'Content-Disposition': attachmentDisposition(name),
        'Cache-Control': 'no-store',
        [PACKET_ENTRIES_HEADER]: String(plan.entries),
        [PACKET_ESTIMATE_HEADER]: String(plan.estimatedBytes),
      });
    // A client that goes away mid-packet stops it: the open entry is closed and nothing more is read.
    res.on('close', () => {
      if (!res.writableFinished) zip.abort(new Error('The client closed the audit packet download'));
    });
    zip.output.on('error', () => res.destroy());
    zip.output.pipe(res);
    try {
      await this.packets.write(user.id, plan, zip);
      zip.end();
    } catch (error) {
      // The status and part of the archive are sent: the only way left to say it failed is to cut the response,
      // which the client sees as a broken download (a ZIP without its directory is never mistaken for whole).
      if (!res.destroyed) this.logger.error(`Audit packet ${plan.period} failed: ${(error as Error).message}`);
      zip.abort(error as Error);
      res.destroy();
    }
  }
}
