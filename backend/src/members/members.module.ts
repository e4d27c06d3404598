import { Module } from '@nestjs/common';
import { ClientLinksModule } from '../client-links/client-links.module.js';
import { CompaniesModule } from '../companies/companies.module.js';
import { UsersModule } from '../users/users.module.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

/**
 * A company's people: its members with their roles, and invitations by e-mail. The memberships themselves and the
 * sessions they end are the auth feature's (AuthModule exports them); accepting an invitation signs in, so it is
 * an auth route too.
 */
@Module({
  imports: [UsersModule, CompaniesModule, ClientLinksModule],
  controllers: [MembersController],
  providers: [MembersService],
})
export class MembersModule {}
