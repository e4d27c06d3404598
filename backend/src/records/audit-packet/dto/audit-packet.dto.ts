import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PACKET_PERIOD, PACKET_PERIOD_MESSAGE } from '../audit-packet-period.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AuditPacketQueryDto {
  @ApiProperty({ example: 'Q3-2026', description: 'A quarter (Q3-2026) or a whole year (2026: its four quarters)' })
  @Matches(PACKET_PERIOD, { message: PACKET_PERIOD_MESSAGE })
  @IsString({ message: PACKET_PERIOD_MESSAGE })
  period: string;

  @ApiPropertyOptional({
    example: 'T-101',
    description:
      "Only this unit's mileage summary and receipts (the returns stay whole); a unit the company never had is a 404",
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(50, { message: 'unit must be at most 50 characters' })
  @IsString({ message: 'unit must be text' })
  unit?: string;
}
