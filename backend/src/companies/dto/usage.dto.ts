import { ApiProperty } from '@nestjs/swagger';

export class UsageFigureDto {
  @ApiProperty({ description: 'What the company uses now', example: 3 })
  used: number;

  @ApiProperty({ description: 'What its plan or the server allows; an addition past it is refused (403)', example: 5 })
  limit: number;
}

export class UsageDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The plan of the valid subscription that pays for the company; null without one',
    example: 'Starter',
  })
  plan: string | null;

  @ApiProperty({
    type: UsageFigureDto,
    description: 'Bytes of attached receipts, and the bytes a company may keep (RECEIPT_STORAGE_MB_PER_COMPANY)',
  })
  receipt_storage: UsageFigureDto;

  @ApiProperty({
    type: UsageFigureDto,
    description: 'Client companies this company manages, and what its plan allows (none without a subscription)',
  })
  client_companies: UsageFigureDto;

  @ApiProperty({
    type: UsageFigureDto,
    description:
      'Seats taken by the people of the paying company and the clients it pays for, and by those clients; and the seats its plan gives',
  })
  seats: UsageFigureDto;
}
