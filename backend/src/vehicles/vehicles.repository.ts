import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { FuelType } from '../ifta/index.js';
import type { FuelTypeSource, SortOrder, VehicleSortField } from './vehicle-options.js';

/** Dates as 'YYYY-MM-DD', as the form and the records write them. */
const SELECT = `v.id, v.unit, v.fuel_type, v.fuel_type_source, v.vin, v.plate,
  to_char(v.active_from, 'YYYY-MM-DD') AS active_from, to_char(v.active_to, 'YYYY-MM-DD') AS active_to,
  v.created_at, v.updated_at`;

/** Each sort field's expression; every order ends on the unit and the id, so pages never overlap. */
const SORT_SQL: Record<VehicleSortField, string> = {
  unit: 'lower(v.unit)',
  fuel_type: 'v.fuel_type',
  active_from: 'v.active_from',
  active_to: 'v.active_to',
  created_at: 'v.created_at',
};

export interface VehicleRow {
  id: string;
  unit: string;
  fuel_type: FuelType;
  fuel_type_source: FuelTypeSource;
  vin: string | null;
  plate: string | null;
  active_from: string | null;
  active_to: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface VehicleFields {
  unit: string;
  fuel_type: FuelType;
  vin: string | null;
  plate: string | null;
  active_from: string | null;
  active_to: string | null;
}

export interface VehicleListFilter {
  page: number;
  limit: number;
  search?: string;
  fuelType?: string;
  sort: VehicleSortField;
  order: SortOrder;
}

/** A unit an import or a typed record names, with the fuel type read from what it bought. */
export interface NamedUnit {
  unit: string;
  fuelType: string;
  /** `purchases` when the unit has bought fuel, else `default` (diesel). */
  source: Extract<FuelTypeSource, 'purchases' | 'default'>;
}

/** The only code that touches the vehicles table. */
@Injectable()
export class VehiclesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(userId: string, f: VehicleListFilter): Promise<{ data: VehicleRow[]; total: number }> {
    const params: unknown[] = [userId];
    const where = ['v.user_id = $1'];
    if (f.search) {
      // strpos, not LIKE: the text is found literally, so % and _ are never wildcards.
      params.push(f.search.toLowerCase());
      const n = params.length;
      where.push(
        `(strpos(lower(v.unit), $${n}) > 0 OR strpos(lower(coalesce(v.vin, '')), $${n}) > 0
          OR strpos(lower(coalesce(v.plate, '')), $${n}) > 0)`,
      );
    }
    if (f.fuelType) {
      params.push(f.fuelType);
      where.push(`v.fuel_type = $${params.length}`);
    }
    const direction = f.order === 'desc' ? 'DESC' : 'ASC';
    params.push(f.limit, (f.page - 1) * f.limit);
    const rows: Array<VehicleRow & { total: string }> = await this.db.query(
      `SELECT ${SELECT}, count(*) OVER () AS total
         FROM vehicles v
        WHERE ${where.join(' AND ')}
        ORDER BY ${SORT_SQL[f.sort]} ${direction} NULLS LAST, lower(v.unit) ${direction}, v.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    return { data: rows.map(({ total: _total, ...row }) => row), total };
  }

  async findOne(userId: string, id: string): Promise<VehicleRow | undefined> {
    const [row] = await this.db.query(`SELECT ${SELECT} FROM vehicles v WHERE v.user_id = $1 AND v.id = $2`, [
      userId,
      id,
    ]);
    return row;
  }

  /** A vehicle the user typed in: its fuel type is the user's, never changed by an import. */
  async insert(userId: string, v: VehicleFields): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO vehicles (user_id, unit, fuel_type, fuel_type_source, vin, plate, active_from, active_to)
       VALUES ($1, $2, $3, 'user', $4, $5, $6, $7) RETURNING id`,
      [userId, v.unit, v.fuel_type, v.vin, v.plate, v.active_from, v.active_to],
    );
    return row.id;
  }

  /** Every field of the form; its fuel type becomes the user's from then on. */
  async update(userId: string, id: string, v: VehicleFields): Promise<void> {
    await this.db.query(
      `UPDATE vehicles SET unit = $3, fuel_type = $4, fuel_type_source = 'user', vin = $5, plate = $6,
              active_from = $7, active_to = $8, updated_at = now()
        WHERE user_id = $1 AND id = $2`,
      [userId, id, v.unit, v.fuel_type, v.vin, v.plate, v.active_from, v.active_to],
    );
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.db.query(`DELETE FROM vehicles WHERE user_id = $1 AND id = $2`, [userId, id]);
  }

  /** Every vehicle's fuel type, by its unit in lower case (trips and receipts may write it in any case). */
  async fuelTypes(userId: string): Promise<Array<{ key: string; fuel_type: string }>> {
    return this.db.query(`SELECT lower(unit) AS key, fuel_type FROM vehicles WHERE user_id = $1`, [userId]);
  }

  /** Every vehicle's VIN that is known, by its unit in lower case: what a trip sheet names the vehicle by. */
  async vins(userId: string): Promise<Array<{ key: string; vin: string }>> {
    return this.db.query(`SELECT lower(unit) AS key, vin FROM vehicles WHERE user_id = $1 AND vin IS NOT NULL`, [
      userId,
    ]);
  }

  /**
   * In the caller's transaction: a vehicle for each unit that has none (the first spelling named wins), and, for a
   * vehicle that had bought nothing when it was made (its diesel a default, nobody's choice), the fuel type its first
   * purchases show. A vehicle whose fuel type was read from purchases or chosen by the user is left as it is.
   */
  async ensureUnits(manager: EntityManager, userId: string, units: readonly NamedUnit[]): Promise<void> {
    if (units.length === 0) return;
    const params = [userId, units.map((u) => u.unit), units.map((u) => u.fuelType), units.map((u) => u.source)];
    const named = `unnest($2::text[], $3::text[], $4::text[]) AS x(unit, fuel_type, source)`;
    await manager.query(
      `INSERT INTO vehicles (user_id, unit, fuel_type, fuel_type_source)
       SELECT DISTINCT ON (lower(x.unit)) $1::uuid, x.unit, x.fuel_type, x.source FROM ${named}
        ORDER BY lower(x.unit)
       ON CONFLICT (user_id, (lower(unit))) DO NOTHING`,
      params,
    );
    await manager.query(
      `UPDATE vehicles v SET fuel_type = x.fuel_type, fuel_type_source = 'purchases', updated_at = now()
         FROM ${named}
        WHERE v.user_id = $1 AND lower(v.unit) = lower(x.unit) AND v.fuel_type_source = 'default'
          AND x.source = 'purchases'`,
      params,
    );
  }
}
