import { Body, Controller, HttpCode, Inject, NotFoundException, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Public } from '../common/decorators/public.decorator.js';
import { Clock, MovableClock } from '../common/clock/clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export class AdvanceClockDto {
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: 'days must be at least 1' })
  @Max(400, { message: 'days must be at most 400' })
  days: number;
}

/**
 * The browser tests' handle on the billing clock, as the API tests hold the MovableClock directly: a trial
 * ends and a renewal invoice appears without waiting two weeks. Mounted only when NODE_ENV=test (see
 * TestClockModule) and left out of the OpenAPI document.
 */
@ApiExcludeController()
@Public()
@Controller('test/clock')
export class TestClockController {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  @Post('advance')
  @HttpCode(200)
  advance(@Body() body: AdvanceClockDto): { now: string } {
    if (!(this.clock instanceof MovableClock)) throw new NotFoundException({ error: 'Not found' });
    this.clock.advance(body.days * DAY_MS);
    return { now: this.clock.now().toISOString() };
  }
}
