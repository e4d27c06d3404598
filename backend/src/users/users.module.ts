import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountCredentials } from './account-credentials.service.js';
import { AccountProfile } from './account-profile.service.js';
import { UserSettings } from './entities/user-settings.entity.js';
import { User } from './entities/user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { AccountSeeder } from './account-seeder.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User, UserSettings])],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, AccountCredentials, AccountProfile, AccountSeeder],
  exports: [UsersService, AccountCredentials, AccountProfile, AccountSeeder, TypeOrmModule],
})
export class UsersModule {}
