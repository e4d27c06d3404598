import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { QueryFailedError } from 'typeorm';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { UserResponseDto } from '../users/dto/user-response.dto.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccountSeeder } from './account-seeder.js';
import { AuthRepository } from './auth.repository.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import type { ChangePasswordDto } from './dto/account-security.dto.js';
import { LoginThrottle } from './login-throttle.js';
import type { AuthResponseDto } from './dto/auth-response.dto.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import type { JwtPayload } from './jwt-payload.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

const isUniqueViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e as QueryFailedError & { code?: string }).code === '23505';

@Injectable()
export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly users: UsersService,
    private readonly credentials: AccountCredentials,
    private readonly jwt: JwtService,
    private readonly seeder: AccountSeeder,
    private readonly sessions: AuthSessionsService,
    private readonly throttle: LoginThrottle,
  ) {}

  async register(dto: RegisterDto): Promise<AuthResponseDto> {
    const passwordHash = await hashPassword(dto.password);
    try {
      const user = await this.repository.transaction(async (manager) => {
        const created = await this.credentials.create(manager, {
          email: dto.email,
          passwordHash,
          companyName: dto.company_name,
        });
        await this.users.createDefaultSettings(manager, created.id);
        await this.seeder.seed(manager, created.id);
        return created;
      });
      return this.issue(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException({ error: EMAIL_TAKEN });
      throw error;
    }
  }

  async login(dto: LoginDto): Promise<AuthResponseDto> {
    await this.throttle.assertOpen(dto.email);
    const user = await this.credentials.byEmailWithHash(dto.email);
    const ok = await verifyPassword(dto.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      await this.throttle.recordFailure(dto.email);
      throw new UnauthorizedException({ error: INVALID_CREDENTIALS });
    }
    return this.issue(user);
  }

  /** Ends this token's session on the server: the token answers 401 from now on. */
  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
  }

  /**
   * Needs the current password (a borrowed, signed-in browser cannot take the account over); ends every other
   * session of the account, keeping the one that asked. Wrong guesses count against the sign-in throttle.
   */
  async changePassword(userId: string, sessionId: string, dto: ChangePasswordDto): Promise<void> {
    const user = await this.credentials.byIdWithHash(userId);
    if (!user) throw new UnauthorizedException({ error: 'Authentication required' });
    await this.throttle.assertOpen(user.email);
    if (!(await verifyPassword(dto.current_password, user.passwordHash))) {
      await this.throttle.recordFailure(user.email);
      const message = 'current_password is not your current password';
      throw new BadRequestException({ error: message, fields: { current_password: message } });
    }
    const passwordHash = await hashPassword(dto.new_password);
    const revoked = await this.repository.transaction(async (manager) => {
      await this.credentials.setPasswordHash(manager, userId, passwordHash);
      return this.sessions.revokeAll(userId, sessionId, manager);
    });
    this.sessions.forget(revoked);
  }

  private async issue(user: User): Promise<AuthResponseDto> {
    const payload: JwtPayload = { sub: user.id, email: user.email, sid: await this.sessions.open(user.id) };
    return { token: await this.jwt.signAsync(payload), user: UserResponseDto.from(user) };
  }
}
