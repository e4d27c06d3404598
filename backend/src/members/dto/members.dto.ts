import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, MaxLength } from 'class-validator';
import { MEMBER_ROLES, type MemberRole } from '../../common/roles.js';
import { normalizeEmail } from '../../auth/dto/register.dto.js';

const ROLE_MESSAGE = `role must be one of ${MEMBER_ROLES.join(', ')}`;

export class InviteMemberDto {
  @ApiProperty({ example: 'bookkeeper@acme-freight.com', maxLength: 254 })
  @Transform(normalizeEmail)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsDefined({ message: 'email is required' })
  email: string;

  @ApiProperty({ enum: MEMBER_ROLES, example: 'bookkeeper' })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  @IsDefined({ message: 'role is required' })
  role: MemberRole;
}

export class ChangeMemberRoleDto {
  @ApiProperty({ enum: MEMBER_ROLES, example: 'viewer' })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  @IsDefined({ message: 'role is required' })
  role: MemberRole;
}

export class MemberDto {
  @ApiProperty({ format: 'uuid', description: 'The membership (the id PATCH and DELETE take)' })
  id: string;

  @ApiProperty({ format: 'uuid', description: 'The person' })
  user_id: string;

  @ApiProperty({ example: 'bookkeeper@acme-freight.com' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: 'Dana Smith' })
  name: string | null;

  @ApiProperty({ enum: MEMBER_ROLES })
  role: MemberRole;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class InvitationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'bookkeeper@acme-freight.com' })
  email: string;

  @ApiProperty({ enum: MEMBER_ROLES })
  role: MemberRole;

  @ApiProperty({ format: 'date-time', description: 'Seven days after it was sent' })
  expires_at: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class SeatsDto {
  @ApiProperty({ description: 'Members, pending invitations and clients billed to the company', example: 3 })
  used: number;

  @ApiProperty({ description: "The seats the company's plan gives (subscriptions/PLANS.md, Seats)", example: 5 })
  limit: number;

  @ApiProperty({ description: 'The plan that gives them', example: 'Starter' })
  plan: string;
}

export class MembersDto {
  @ApiProperty({ type: [MemberDto] })
  members: MemberDto[];

  @ApiProperty({ type: [InvitationDto], description: 'Sent, neither accepted, revoked nor expired' })
  invitations: InvitationDto[];

  @ApiProperty({ type: SeatsDto })
  seats: SeatsDto;
}
