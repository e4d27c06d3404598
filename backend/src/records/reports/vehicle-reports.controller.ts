import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../../common/authenticated-user.js';
import { Authenticated } from '../../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../../common/dto/error-response.dto.js';
import {
  ByVehicleExportQueryDto,
  ByVehicleQueryDto,
  ByVehicleReportDto,
  TripSheetPageDto,
  TripSheetsQueryDto,
} from './dto/vehicle-reports.dto.js';
import { VehicleReportsService } from './vehicle-reports.service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

@ApiTags('records')
@Authenticated()
@RequiresSubscription('calculator')
@Controller('protected/records')
export class VehicleReportsController {
  constructor(private readonly reports: VehicleReportsService) {}

  @Get('by-vehicle')
  @ApiOperation({
    summary: "A quarter's miles, gallons and MPG per vehicle and jurisdiction, with each vehicle's totals",
    description: "mpg is the unit's over the whole quarter (all its miles over all its gallons), null without gallons",
  })
  @ApiOkResponse({ type: ByVehicleReportDto })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  byVehicle(@CurrentUser() user: AuthenticatedUser, @Query() query: ByVehicleQueryDto) {
    return this.reports.byVehicle(user.id, query.period, query.unit);
  }

  @Get('by-vehicle/export')
  @ApiProduces(XLSX_TYPE, 'text/csv')
  @ApiOperation({
    summary: 'The per-vehicle report as a file (xlsx or csv): its rows, then each unit’s totals line',
  })
  @ApiOkResponse({ description: 'The report file', content: { [XLSX_TYPE]: BINARY, 'text/csv': BINARY } })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  async byVehicleExport(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ByVehicleExportQueryDto,
    @Res() res: Response,
  ) {
    const format = query.format ?? 'xlsx';
    const file = await this.reports.byVehicleExport(user.id, query.period, query.unit, format);
    res
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .attachment(`by-vehicle-${query.period}${query.unit ? `-${query.unit.replace(/[^\w.-]+/g, '_')}` : ''}.${format}`)
      .send(file);
  }

  @Get('trip-sheets')
  @ApiOperation({
    summary: "A quarter's trips as trip sheets: segments grouped by trip number, a segment without one a trip itself",
    description:
      'Each trip: start and end date, origin and destination, unit and VIN, driver, odometer at start and end, total ' +
      'miles and miles by jurisdiction. A trip with any segment in the quarter is listed whole.',
  })
  @ApiOkResponse({ type: TripSheetPageDto })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  tripSheets(@CurrentUser() user: AuthenticatedUser, @Query() query: TripSheetsQueryDto) {
    return this.reports.tripSheets(user.id, query.period, query.unit, query.page ?? 1, query.limit ?? 25);
  }
}
