import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { MIN_PASSWORD_LENGTH } from '../password.js';
import { MAX_PASSWORD_BYTES, MaxPasswordBytes } from '../password-bytes.js';

export const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

// class-validator runs a property's checks in the order they are registered, which is bottom-up, and the
// pipe stops at the first failure: the presence and type checks sit lowest so that a missing field is
// answered "x is required", not with a length rule it cannot meet.
export class RegisterDto {
  @ApiProperty({ example: 'dispatch@acme-freight.com', maxLength: 254 })
  @Transform(normalizeEmail)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsDefined({ message: 'email is required' })
  email: string;

  @ApiProperty({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: 128,
    description: `At most ${MAX_PASSWORD_BYTES} bytes in UTF-8`,
    example: 'correct horse',
  })
  @MaxPasswordBytes()
  @MaxLength(128)
  @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @IsString({ message: 'password must be a string' })
  @IsDefined({ message: 'password is required' })
  password: string;

  @ApiProperty({ example: 'Acme Freight LLC', maxLength: 200 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200)
  @IsNotEmpty({ message: 'company_name is required' })
  @IsString({ message: 'company_name must be a string' })
  @IsDefined({ message: 'company_name is required' })
  company_name: string;
}
