import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Clock, clockFor } from './clock.js';

/**
 * The one clock of the app, for every feature that dates something (billing periods, due dates, filing days,
 * document times): the system clock, or in the API tests one they move forward.
 */
@Global()
@Module({
  providers: [{ provide: Clock, inject: [APP_CONFIG], useFactory: (config: AppConfig) => clockFor(config.nodeEnv) }],
  exports: [Clock],
})
export class ClockModule {}
