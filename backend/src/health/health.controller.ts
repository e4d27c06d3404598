import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { DrainState } from '../common/shutdown/drain-state.js';
import { HealthRepository } from './health.repository.js';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';

  @ApiProperty({ example: 'up', description: 'The database answered a query' })
  database: 'up';
}

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: HealthRepository,
    private readonly drain: DrainState,
  ) {}

  @Get()
  @ApiOperation({ summary: "The app's and its database's state" })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({
    description: 'The database does not answer, or this replica is shutting down',
    type: ErrorResponseDto,
  })
  async check(): Promise<HealthDto> {
    // A load balancer probing this route stops routing here while in-flight requests finish.
    if (this.drain.draining) throw new ServiceUnavailableException({ error: 'Shutting down', status: 'draining' });
    try {
      await this.database.ping();
      return { status: 'ok', database: 'up' };
    } catch {
      throw new ServiceUnavailableException({ error: 'Database unavailable', status: 'error', database: 'down' });
    }
  }
}
