import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ProveEmailDto {
  @ApiProperty({ description: 'The token from the link mailed to the address' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @ApiProperty({ description: "The account's password (the link alone proves no one knows it)" })
  @IsString({ message: 'password is required' })
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(128)
  password: string;
}
