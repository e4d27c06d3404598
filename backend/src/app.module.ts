import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { CalculatorModule } from './calculator/calculator.module.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { TaxRatesModule } from './tax-rates/tax-rates.module.js';
import { UsersModule } from './users/users.module.js';

/** Feature modules are listed here; each owns its routes, entities and migrations' tables. */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    AuthModule,
    UsersModule,
    HealthModule,
    TaxRatesModule,
    ReportsModule,
    SessionsModule,
    CalculatorModule,
  ],
})
export class AppModule {}
