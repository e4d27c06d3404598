import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../entities/user.entity.js';

export class UserResponseDto {
  @ApiProperty({ format: 'uuid', example: '6f1c2b1e-8a57-4a57-9d7e-2f0f3b9c1a11' })
  id: string;

  @ApiProperty({ example: 'dispatch@acme-freight.com' })
  email: string;

  @ApiProperty({ example: 'Acme Freight LLC' })
  company_name: string;

  static from(user: User): UserResponseDto {
    return { id: user.id, email: user.email, company_name: user.companyName };
  }
}
