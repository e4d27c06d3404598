import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';

class PingDto {
  @ApiProperty({ example: true })
  ok: true;

  @ApiProperty({ description: 'The account the token belongs to', example: '5b0f3d1e-9a43-4c8e-8f0e-2b7f6a1c9d10' })
  user_id: string;
}

/**
 * The cheapest private route: the global JWT guard and the request pipeline, no database. Benchmarks run every
 * endpoint beside it, so their figures read as a share of what the framework itself can serve; a client may also
 * use it to check that its token is still accepted.
 */
@ApiTags('health')
@Authenticated()
@Controller('protected/ping')
export class PingController {
  @Get()
  @ApiOperation({ summary: 'Answers when the bearer token is valid (no database access)' })
  @ApiOkResponse({ type: PingDto })
  ping(@CurrentUser() user: AuthenticatedUser): PingDto {
    return { ok: true, user_id: user.id };
  }
}
