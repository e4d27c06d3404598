import { PartialType } from '@nestjs/swagger';
import { CreateTaxRateDto } from './create-tax-rate.dto.js';

/** PUT body: the create fields; a field left out keeps its saved value. */
export class UpdateTaxRateDto extends PartialType(CreateTaxRateDto) {}
