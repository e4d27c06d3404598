import { PartialType } from '@nestjs/swagger';
import { CreateReportDto } from './create-report.dto.js';

/** PUT body: the report as the calculator sends it; a field left out keeps its saved value, jurisdictions replace all. */
export class UpdateReportDto extends PartialType(CreateReportDto) {}
