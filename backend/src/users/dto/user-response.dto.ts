import { ApiProperty } from '@nestjs/swagger';
import { MEMBER_ROLES, type MemberRole } from '../../common/roles.js';
import type { User } from '../entities/user.entity.js';

/**
 * The person signed in and the company they act for. For a company's first owner `id` and `company_id` are the same
 * (the account as it was before companies had members).
 */
export class UserResponseDto {
  @ApiProperty({ format: 'uuid', description: 'The person', example: '6f1c2b1e-8a57-4a57-9d7e-2f0f3b9c1a11' })
  id: string;

  @ApiProperty({ description: "The person's e-mail address", example: 'dispatch@acme-freight.com' })
  email: string;

  @ApiProperty({ description: 'The company signed in to', example: 'Acme Freight LLC' })
  company_name: string;

  @ApiProperty({ format: 'uuid', description: 'The company signed in to' })
  company_id: string;

  @ApiProperty({ enum: MEMBER_ROLES, description: "The person's role in the company" })
  role: MemberRole;

  @ApiProperty({
    description:
      'Whether the person has proven their e-mail address by the link mailed to it; until then the operator console ' +
      'stays closed, and members and invitations they add end when the address is proven',
  })
  email_proven: boolean;

  /** `person` signed in to `company` (the same row for an owner of their own account) with `role`. */
  static from(
    person: Pick<User, 'id' | 'email' | 'emailProvenAt'>,
    company: Pick<User, 'id' | 'companyName'>,
    role: MemberRole,
  ): UserResponseDto {
    return {
      id: person.id,
      email: person.email,
      company_name: company.companyName,
      company_id: company.id,
      role,
      email_proven: person.emailProvenAt != null,
    };
  }
}
