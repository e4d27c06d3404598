import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { isUuid } from '../common/validators/uuid.js';
import type { CreateVehicleDto, ListVehiclesDto, UpdateVehicleDto, VehicleDto } from './dto/vehicle.dto.js';
import { VEHICLE_PAGE_SIZE } from './vehicle-options.js';
import { type NamedUnit, type VehicleFields, type VehicleRow, VehiclesRepository } from './vehicles.repository.js';

const notFound = () => new NotFoundException({ error: 'Vehicle not found' });
const bad = (field: string, message: string) =>
  new BadRequestException({ error: message, message, fields: { [field]: message } });
const isUniqueViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e as QueryFailedError & { code?: string }).code === '23505';

const toDto = (row: VehicleRow): VehicleDto => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The account's vehicles: the list and its form, and what the records feature asks of them. */
@Injectable()
export class VehiclesService {
  constructor(private readonly repository: VehiclesRepository) {}

  async list(userId: string, query: ListVehiclesDto) {
    const page = query.page ?? 1;
    const limit = query.limit ?? VEHICLE_PAGE_SIZE;
    const { data, total } = await this.repository.list(userId, {
      page,
      limit,
      search: query.search?.trim() || undefined,
      fuelType: query.fuel_type,
      sort: query.sort ?? 'unit',
      order: query.order ?? 'asc',
    });
    return { data: data.map(toDto), pagination: { total, totalPages: Math.ceil(total / limit), page, limit } };
  }

  async get(userId: string, id: string): Promise<VehicleDto> {
    const row = isUuid(id) ? await this.repository.findOne(userId, id) : undefined;
    if (!row) throw notFound();
    return toDto(row);
  }

  async create(userId: string, body: CreateVehicleDto): Promise<VehicleDto> {
    const fields = checked({
      unit: body.unit,
      fuel_type: body.fuel_type,
      vin: body.vin ?? null,
      plate: body.plate ?? null,
      active_from: body.active_from ?? null,
      active_to: body.active_to ?? null,
    });
    const id = await unitTaken(fields.unit, () => this.repository.insert(userId, fields));
    return this.get(userId, id);
  }

  async update(userId: string, id: string, body: UpdateVehicleDto): Promise<VehicleDto> {
    const current = await this.get(userId, id);
    // A field left out keeps its value; null clears an optional one.
    const pick = <K extends keyof VehicleFields>(key: K) =>
      (body[key] === undefined ? current[key] : body[key]) as VehicleFields[K];
    const fields = checked({
      unit: pick('unit'),
      fuel_type: pick('fuel_type'),
      vin: pick('vin'),
      plate: pick('plate'),
      active_from: pick('active_from'),
      active_to: pick('active_to'),
    });
    await unitTaken(fields.unit, () => this.repository.update(userId, id, fields));
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<VehicleDto> {
    const current = await this.get(userId, id);
    await this.repository.remove(userId, id);
    return current;
  }

  /** Each vehicle's fuel type, keyed by its unit in lower case. */
  async fuelTypes(userId: string): Promise<Map<string, string>> {
    return new Map((await this.repository.fuelTypes(userId)).map((row) => [row.key, row.fuel_type]));
  }

  /** Each known VIN, keyed by its vehicle's unit in lower case. */
  async vins(userId: string): Promise<Map<string, string>> {
    return new Map((await this.repository.vins(userId)).map((row) => [row.key, row.vin]));
  }

  /**
   * Makes a vehicle of every unit named that has none, in the caller's transaction (an import is all or nothing, its
   * vehicles with it). An existing vehicle keeps its fuel type, unless it was only diesel by default because its unit
   * had bought nothing yet: then its first purchases say what it runs on.
   */
  ensureUnits(manager: EntityManager, userId: string, units: readonly NamedUnit[]): Promise<void> {
    return this.repository.ensureUnits(manager, userId, units);
  }
}

/** The checks one field alone cannot make: the active dates in order. */
function checked(fields: VehicleFields): VehicleFields {
  if (fields.active_from && fields.active_to && fields.active_from > fields.active_to) {
    throw bad('active_to', `active_to must not be before active_from (${fields.active_from})`);
  }
  return fields;
}

/** A unit is one vehicle whatever its case: a second one answers 409 naming it. */
async function unitTaken<T>(unit: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const message = `A vehicle with unit ${unit} exists`;
    throw new ConflictException({ error: message, message, fields: { unit: message } });
  }
}
