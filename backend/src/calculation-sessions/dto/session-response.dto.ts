import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/pagination.dto.js';
import {
  SESSION_STATUSES,
  type CalculationSession,
  type SessionStatus,
} from '../entities/calculation-session.entity.js';
import { ImportedEntry } from '../imported-entry.js';

export class SessionListItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Same as id' }) _id: string;
  @ApiProperty({ example: 'Q1 fuel cards' }) name: string;
  @ApiProperty({ example: 'Acme Freight LLC' }) company_name: string;
  @ApiProperty({ example: 'OH-123456789' }) license_number: string;
  @ApiProperty({ example: 'Q1-2025' }) tax_period: string;
  @ApiProperty({ description: 'Same as tax_period', example: 'Q1-2025' }) period: string;
  @ApiProperty({ example: 6.5 }) average_mpg: number;
  @ApiProperty({ enum: SESSION_STATUSES }) status: SessionStatus;
  @ApiProperty({ example: 12 }) entry_count: number;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;

  static from(session: CalculationSession, entryCount: number): SessionListItemDto {
    return {
      id: session.id,
      _id: session.id,
      name: session.name,
      company_name: session.companyName,
      license_number: session.licenseNumber,
      tax_period: session.taxPeriod,
      period: session.taxPeriod,
      average_mpg: session.averageMpg,
      status: session.status,
      entry_count: entryCount,
      created_at: session.createdAt.toISOString(),
      updated_at: session.updatedAt.toISOString(),
    };
  }
}

export class SessionResponseDto extends SessionListItemDto {
  @ApiProperty({ type: [ImportedEntry] }) entries: ImportedEntry[];

  static full(session: CalculationSession): SessionResponseDto {
    return { ...SessionListItemDto.from(session, session.entries.length), entries: session.entries };
  }
}

export class SessionListResponseDto {
  @ApiProperty({ type: [SessionListItemDto] }) data: SessionListItemDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

export class SessionSummaryTotalsDto {
  @ApiProperty({ example: 2100 }) total_miles: number;
  @ApiProperty({ description: 'Taxable miles', example: 2000 }) miles_driven: number;
  @ApiProperty({ example: 350 }) fuel_purchased: number;
  @ApiProperty({ example: 400 }) fuel_consumed: number;
  @ApiProperty({ example: 50 }) net_gallons: number;
  @ApiProperty({ example: 20 }) tax_due: number;
  @ApiProperty({ example: false }) is_no_tax_due: boolean;
}

export class SessionSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 6.5 }) average_mpg: number;
  @ApiProperty({ example: 12 }) entry_count: number;
  @ApiProperty({
    type: [ImportedEntry],
    description: 'Entries added up per jurisdiction and rate, in first-seen order',
  })
  jurisdictions: ImportedEntry[];
  @ApiProperty({ type: SessionSummaryTotalsDto }) totals: SessionSummaryTotalsDto;
}
