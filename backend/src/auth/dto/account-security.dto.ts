import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { MIN_PASSWORD_LENGTH } from '../password.js';
import { MAX_PASSWORD_BYTES, MaxPasswordBytes } from '../password-bytes.js';
import { normalizeEmail } from './register.dto.js';

export class ChangePasswordDto {
  @ApiProperty({ description: 'The password the account signs in with now', example: 'correct horse' })
  @IsString({ message: 'current_password is required' })
  @IsNotEmpty({ message: 'current_password is required' })
  @MaxLength(128)
  current_password: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, description: `At most ${MAX_PASSWORD_BYTES} bytes in UTF-8` })
  @IsString({ message: 'new_password is required' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `new_password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(128)
  @MaxPasswordBytes()
  new_password: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'dispatch@acme-freight.com' })
  @Transform(normalizeEmail)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the reset link' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, description: `At most ${MAX_PASSWORD_BYTES} bytes in UTF-8` })
  @IsString({ message: 'password is required' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(128)
  @MaxPasswordBytes()
  password: string;
}

export class MessageResponseDto {
  @ApiProperty({ example: 'Signed out' })
  message: string;
}
