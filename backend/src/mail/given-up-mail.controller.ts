import { Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { OperatorOnly } from '../operator/operator-only.decorator.js';
import { PaginationDto } from '../common/dto/pagination.dto.js';
import { GivenUpMailRepository } from './given-up-mail.repository.js';
import { OutboxSender } from './outbox-sender.job.js';

class GivenUpMailDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'renewal-failed:…' }) idempotency_key: string;
  @ApiProperty({ example: 'owner@acme.example' }) recipient: string;
  @ApiProperty({ example: 'Your IFTA Fuel Tax renewal payment failed' }) subject: string;
  @ApiProperty({ example: 9 }) attempts: number;
  @ApiProperty({ type: String, nullable: true, example: 'connect ECONNREFUSED 127.0.0.1:587' })
  last_error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

class GivenUpMailPageDto {
  @ApiProperty({ type: [GivenUpMailDto] }) data: GivenUpMailDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

class RequeuedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: true }) requeued: true;
}

/**
 * The operator's alert for e-mails the sender gave up on after MAIL_GIVE_UP_HOURS (docs/operations.md): what, to
 * whom and the last error, and Send again once the mail transport is fixed (with the same idempotency key, so a
 * message that did arrive after all is recognisable as the same one).
 */
@ApiTags('operator')
@OperatorOnly()
@Controller('operator/mail-failures')
export class GivenUpMailController {
  constructor(
    private readonly mail: GivenUpMailRepository,
    private readonly sender: OutboxSender,
  ) {}

  @Get()
  @ApiOperation({ summary: 'E-mails the sender gave up on, newest first' })
  @ApiOkResponse({ type: GivenUpMailPageDto })
  async list(@Query() query: PageQueryDto): Promise<GivenUpMailPageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { data, total } = await this.mail.page(page, limit);
    return { data, pagination: { total, totalPages: Math.ceil(total / limit), page, limit } };
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a given-up e-mail again, due now' })
  @ApiOkResponse({ type: RequeuedDto })
  @ApiNotFoundResponse({ description: 'No given-up e-mail with that id', type: ErrorResponseDto })
  async retry(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<RequeuedDto> {
    if (!(await this.mail.requeue(id))) {
      throw new NotFoundException({
        error: 'No given-up e-mail with that id',
        message: 'No given-up e-mail with that id',
      });
    }
    this.sender.deliverSoon();
    return { id, requeued: true };
  }
}
