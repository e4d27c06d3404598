import { Global, Module } from '@nestjs/common';
import { SharedCounters } from './shared-counters.js';

/** One set of limit counters (and one Redis connection) per app, for every guard and interceptor that limits. */
@Global()
@Module({
  providers: [SharedCounters],
  exports: [SharedCounters],
})
export class RateLimitModule {}
