import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { STATS_BASES, type StatsBasis } from '../report-stats.queries.js';

/** Which reports the dashboard's figures add up. */
export class StatsQueryDto {
  @ApiPropertyOptional({
    enum: STATS_BASES,
    default: 'returns',
    description:
      'returns: each filed return once (its latest final, else its latest draft; a worksheet report always counts); ' +
      "reports: every report, as the specification's dashboard adds them. Report counts count every report either way",
  })
  @IsOptional()
  @IsIn(STATS_BASES, { message: `basis must be one of ${STATS_BASES.join(', ')}` })
  basis?: StatsBasis;
}
