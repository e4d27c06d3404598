import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { MIN_PASSWORD_LENGTH } from '../password.js';
import { MAX_PASSWORD_BYTES, MaxPasswordBytes } from '../password-bytes.js';

export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token from the invitation link' })
  @MaxLength(200)
  @IsNotEmpty({ message: 'token is required' })
  @IsString({ message: 'token is required' })
  token: string;

  @ApiProperty({
    minLength: MIN_PASSWORD_LENGTH,
    description: `A new account's password; for an address that already has an account, its current password. At most ${MAX_PASSWORD_BYTES} bytes in UTF-8`,
  })
  @MaxPasswordBytes()
  @MaxLength(128)
  @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @IsString({ message: 'password is required' })
  password: string;

  @ApiProperty({ example: 'Dana Smith', maxLength: 200 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200)
  @IsNotEmpty({ message: 'name is required' })
  @IsString({ message: 'name is required' })
  name: string;
}
