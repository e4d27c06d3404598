import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { ChangeMemberRoleDto, InvitationDto, InviteMemberDto, MemberDto, MembersDto } from './dto/members.dto.js';
import { MembersService } from './members.service.js';

/** The company's members and invitations: every member reads the list; owners and admins change it. */
@ApiTags('members')
@Authenticated()
@Controller('protected/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @ApiOperation({ summary: "The company's members and its pending invitations" })
  @ApiOkResponse({ type: MembersDto })
  list(@CurrentUser() user: AuthenticatedUser): Promise<MembersDto> {
    return this.members.list(user.id);
  }

  @Post('invitations')
  @Roles('admin')
  @ApiOperation({ summary: 'Invite a person by e-mail with a role; the link works once, for 7 days' })
  @ApiCreatedResponse({ type: InvitationDto })
  @ApiBadRequestResponse({ description: 'A bad e-mail address or role', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The person is already a member', type: ErrorResponseDto })
  invite(@CurrentUser() user: AuthenticatedUser, @Body() body: InviteMemberDto): Promise<InvitationDto> {
    return this.members.invite(user, body);
  }

  @Delete('invitations/:id')
  @Roles('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a pending invitation: its link stops working' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiNotFoundResponse({ description: 'No pending invitation of the company with this id', type: ErrorResponseDto })
  async revoke(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.members.revokeInvitation(user.id, id);
  }

  @Patch(':id')
  @Roles('admin')
  @ApiOperation({ summary: "Change a member's role (only an owner makes or unmakes an owner; one always stays)" })
  @ApiOkResponse({ type: MemberDto })
  @ApiNotFoundResponse({ description: 'No member of the company with this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The last owner cannot be demoted', type: ErrorResponseDto })
  changeRole(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: ChangeMemberRoleDto,
  ): Promise<MemberDto> {
    return this.members.changeRole(user, id, body.role);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a member: their sessions of the company end within a minute everywhere' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ description: 'No member of the company with this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The last owner cannot be removed', type: ErrorResponseDto })
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.members.remove(user, id);
  }
}
