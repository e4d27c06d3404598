import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { type RedisState, SharedCounters } from '../common/rate-limit/shared-counters.js';
import { DrainState } from '../common/shutdown/drain-state.js';
import { HealthRepository } from './health.repository.js';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';

  @ApiProperty({ example: 'up', description: 'The database answered a query' })
  database: 'up';
}

class ReadinessDto {
  @ApiProperty({
    enum: ['ok', 'degraded'],
    example: 'ok',
    description: 'degraded: Redis does not answer, so each replica counts limits on its own until it does',
  })
  status: 'ok' | 'degraded';

  @ApiProperty({ enum: ['up'], example: 'up', description: 'The database answered a query' })
  database: 'up';

  @ApiProperty({
    enum: ['up', 'down', 'not configured'],
    example: 'up',
    description: 'Whether Redis (REDIS_URL) answered a PING within REDIS_TIMEOUT_MS',
  })
  redis: RedisState;
}

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: HealthRepository,
    private readonly drain: DrainState,
    private readonly counters: SharedCounters,
  ) {}

  @Get()
  @ApiOperation({ summary: "Liveness: the app's and its database's state (one query, no other dependency)" })
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

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database and Redis, each within its deadline' })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({
    description: 'The database does not answer, or this replica is shutting down (Redis down alone is degraded, 200)',
    type: ErrorResponseDto,
  })
  async ready(): Promise<ReadinessDto> {
    const [live, redis] = await Promise.all([
      this.check().catch((error: unknown) => error),
      this.counters.redisState(),
    ]);
    if (live instanceof ServiceUnavailableException) {
      const body = live.getResponse() as Record<string, unknown>;
      throw new ServiceUnavailableException({ ...body, redis });
    }
    if (live instanceof Error) throw live;
    return { status: redis === 'down' ? 'degraded' : 'ok', database: 'up', redis };
  }
}
