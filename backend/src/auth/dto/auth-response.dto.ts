import { ApiProperty } from '@nestjs/swagger';
import { UserResponseDto } from '../../users/dto/user-response.dto.js';

export class AuthResponseDto {
  @ApiProperty({ description: 'Bearer token (JWT, HS256) carrying an exp claim', example: 'eyJhbGciOiJIUzI1NiJ9…' })
  token: string;

  @ApiProperty({ type: UserResponseDto })
  user: UserResponseDto;
}
