import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import { UserResponseDto } from '../users/dto/user-response.dto.js';
import { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccountSeeder } from './account-seeder.js';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly seeder: AccountSeeder,
  ) {}

  async register(dto: RegisterDto): Promise<AuthResponseDto> {
    const passwordHash = await hashPassword(dto.password);
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const created = manager.create(User, { email: dto.email, passwordHash, companyName: dto.company_name });
        await manager.insert(User, created);
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
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.email) = :email', { email: dto.email })
      .getOne();
    const ok = await verifyPassword(dto.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new UnauthorizedException({ error: INVALID_CREDENTIALS });
    return this.issue(user);
  }

  private async issue(user: User): Promise<AuthResponseDto> {
    const payload: JwtPayload = { sub: user.id, email: user.email };
    return { token: await this.jwt.signAsync(payload), user: UserResponseDto.from(user) };
  }
}
