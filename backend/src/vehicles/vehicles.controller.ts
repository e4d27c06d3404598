import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { CreateVehicleDto, ListVehiclesDto, UpdateVehicleDto, VehicleDto, VehiclePageDto } from './dto/vehicle.dto.js';
import { VehiclesService } from './vehicles.service.js';

@ApiTags('vehicles')
@Authenticated()
@RequiresSubscription('calculator')
@Controller('protected/vehicles')
export class VehiclesController {
  constructor(private readonly vehicles: VehiclesService) {}

  @Get()
  @ApiOperation({ summary: "One page of the account's vehicles, by unit; search unit, VIN or plate, filter by fuel" })
  @ApiOkResponse({ type: VehiclePageDto })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListVehiclesDto) {
    return this.vehicles.list(user.id, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One vehicle' })
  @ApiOkResponse({ type: VehicleDto })
  @ApiNotFoundResponse({ description: 'No such vehicle in this account', type: ErrorResponseDto })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<VehicleDto> {
    return this.vehicles.get(user.id, id);
  }

  @Post()
  @ApiOperation({ summary: 'Add a vehicle; its fuel type is the one given, which no import changes' })
  @ApiCreatedResponse({ type: VehicleDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid (named)', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'A vehicle with that unit exists (any case)', type: ErrorResponseDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateVehicleDto): Promise<VehicleDto> {
    return this.vehicles.create(user.id, body);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Change a vehicle; fields left out keep their values',
    description: "Its fuel type is then the user's: returns built from records put the unit's miles in that schedule",
  })
  @ApiOkResponse({ type: VehicleDto })
  @ApiBadRequestResponse({ description: 'A field is invalid (named)', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No such vehicle in this account', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'Another vehicle has that unit (any case)', type: ErrorResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateVehicleDto,
  ): Promise<VehicleDto> {
    return this.vehicles.update(user.id, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a vehicle; answers the deleted vehicle',
    description: 'Its trips and receipts stay; the next import or record naming its unit makes it again',
  })
  @ApiOkResponse({ type: VehicleDto })
  @ApiNotFoundResponse({ description: 'No such vehicle in this account', type: ErrorResponseDto })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<VehicleDto> {
    return this.vehicles.remove(user.id, id);
  }
}
