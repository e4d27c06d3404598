import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsUUID } from 'class-validator';
import { BULK_MAX_IDS } from '../tax-rate-options.js';

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** PUT /protected/tax-rates-management/bulk: activate or deactivate the selected rates. */
export class BulkUpdateTaxRatesDto {
  @ApiProperty({
    description: `Ids of the account's rates, 1 to ${BULK_MAX_IDS}; ids of other accounts change nothing`,
    type: [String],
    format: 'uuid',
    example: ['5b0f3d1e-9a43-4c8e-8f0e-2b7f6a1c9d10'],
  })
  @IsDefined({ message: 'Select tax rates to update' })
  @IsUUID('all', { each: true, message: 'Each id must be a UUID' })
  @ArrayMaxSize(BULK_MAX_IDS, { message: `At most ${BULK_MAX_IDS} tax rates can be updated at once` })
  @ArrayNotEmpty({ message: 'Select tax rates to update' })
  @IsArray({ message: 'ids must be a list of ids' })
  ids: string[];

  @ApiProperty({ example: false })
  @IsDefined({ message: 'is_active is required' })
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active: boolean;
}

export class BulkUpdateResultDto {
  @ApiProperty({
    description: 'How many rates changed status (rates already in that status are not counted)',
    example: 2,
  })
  updated: number;
}
