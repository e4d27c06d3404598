import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { MEMBER_ROLES, type MemberRole } from '../../common/roles.js';
import { normalizeEmail } from '../../auth/dto/register.dto.js';
import { FILING_STATES } from '../../reports/filing-states.js';
import { CLIENT_BILLING, type ClientBilling } from '../../client-links/client-links.repository.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CompanyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Acme Freight LLC' })
  name: string;

  @ApiProperty({ enum: MEMBER_ROLES, description: "The signed-in person's role in this company" })
  role: MemberRole;

  @ApiProperty({ description: 'The company the token acts for now' })
  current: boolean;
}

export class CompaniesDto {
  @ApiProperty({ type: [CompanyDto], description: 'Every company the person belongs to, in the order they joined' })
  companies: CompanyDto[];
}

export class CreateClientCompanyDto {
  @ApiProperty({ example: 'Blue Ridge Hauling LLC', maxLength: 200 })
  @Transform(trimmed)
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  @MinLength(1, { message: 'name is required' })
  @IsString({ message: 'name is required' })
  @IsDefined({ message: 'name is required' })
  name: string;

  @ApiProperty({
    type: String,
    required: false,
    nullable: true,
    example: 'office@blueridge-hauling.com',
    description: "The client's contact address (kept with the link; it cannot sign in to the company)",
  })
  @IsOptional()
  @Transform(normalizeEmail)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email?: string | null;

  @ApiProperty({
    enum: CLIENT_BILLING,
    description:
      "client: the client company needs its own subscription; preparer: the preparer's subscription opens it",
  })
  @IsIn(CLIENT_BILLING, { message: `billing must be one of ${CLIENT_BILLING.join(', ')}` })
  @IsDefined({ message: 'billing is required' })
  billing: ClientBilling;
}

export class ClientCompanyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Blue Ridge Hauling LLC' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'office@blueridge-hauling.com' })
  email: string | null;

  @ApiProperty({ enum: CLIENT_BILLING })
  billing: ClientBilling;

  @ApiProperty({ description: 'The signed-in person is a member of the client company (and may switch to it)' })
  member: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class ClientDueDto {
  @ApiProperty({ example: 'Q3-2026', description: "The return to file next (the filing calendar's return due)" })
  period: string;

  @ApiProperty({ format: 'date', example: '2026-11-02' })
  due_date: string;

  @ApiProperty({ description: "Days from today (the client's time zone) to the due date; negative when overdue" })
  days_left: number;

  @ApiProperty({ enum: FILING_STATES, description: "The return's state, as the filing calendar says it" })
  state: string;

  @ApiProperty()
  overdue: boolean;
}

export class ClientCompanyListItemDto extends ClientCompanyDto {
  @ApiProperty({ type: ClientDueDto })
  next_due: ClientDueDto;
}

export class ClientCompaniesDto {
  @ApiProperty({ type: [ClientCompanyListItemDto], description: 'Overdue first, then by due date and name' })
  data: ClientCompanyListItemDto[];

  @ApiProperty()
  total: number;
}
