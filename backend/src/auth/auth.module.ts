import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AuthRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { RolesGuard } from '../common/guards/roles.guard.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { UsersModule } from '../users/users.module.js';
import { ClientLinksModule } from '../client-links/client-links.module.js';
import { AccountNotices } from './account-notices.js';
import { AccountSecurityController } from './account-security.controller.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { TabCompanyGuard } from './tab-company.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { VerifiedTokens } from './verified-tokens.js';
import { LoginThrottle } from './login-throttle.js';
import { DeviceCookies } from './device-cookies.js';
import { PasswordPoolLifecycle } from './password-pool.lifecycle.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetRequestsRepository } from './password-reset-requests.repository.js';
import { CompanyMemberships } from './company-memberships.repository.js';
import { EmailProofController } from './email-proof.controller.js';
import { EmailProofs } from './email-proofs.service.js';
import { EmailProofsRepository } from './email-proofs.repository.js';

@Global()
@Module({
  imports: [
    UsersModule,
    ClientLinksModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as '7d' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, AccountSecurityController, EmailProofController],
  providers: [
    AuthRateLimitGuard,
    AuthService,
    AuthRepository,
    JwtStrategy,
    VerifiedTokens,
    AuthSessionsService,
    LoginThrottle,
    DeviceCookies,
    PasswordResetService,
    PasswordResetRequestsRepository,
    PasswordPoolLifecycle,
    AccountNotices,
    CompanyMemberships,
    EmailProofs,
    EmailProofsRepository,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    // After the JWT guard, before the role check: a tab acting for another company than its token's is refused as
    // such, whatever its role there.
    { provide: APP_GUARD, useClass: TabCompanyGuard },
    // After the JWT guard (global guards run in the order they are provided): it reads the role that guard found.
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  // For the members feature: a company's memberships, and ending a removed member's sessions; for the companies
  // feature: signing a person in to another of their companies.
  exports: [CompanyMemberships, AuthSessionsService, AuthService],
})
export class AuthModule {}
