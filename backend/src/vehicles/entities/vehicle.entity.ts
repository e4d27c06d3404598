import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { FuelType } from '../../ifta/index.js';
import { User } from '../../users/entities/user.entity.js';
import type { FuelTypeSource } from '../vehicle-options.js';

/**
 * One unit of an account's fleet: the name its trips and fuel receipts give it, the fuel that propels it (whose
 * schedule its miles go to), and what identifies it on the road. Column names are the API's field names.
 */
@Entity('vehicles')
// On (user_id, lower(unit)), unique: an expression TypeORM cannot declare (migration Vehicles).
@Index('vehicles_user_unit', { synchronize: false })
@Check('vehicles_active_dates_in_order', 'active_from IS NULL OR active_to IS NULL OR active_from <= active_to')
@Check('vehicles_fuel_type_source_allowed', `fuel_type_source IN ('default', 'purchases', 'user')`)
export class Vehicle {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'vehicles_user_id_fkey' })
  user?: Relation<User>;

  /** The unit number trips and receipts name it by; one vehicle per unit, whatever its case. */
  @Column({ type: 'varchar', length: 50 })
  unit: string;

  @Column({ name: 'fuel_type', type: 'varchar', length: 30 })
  fuelType: FuelType;

  /**
   * Where the fuel type came from: `purchases` (read from what the unit bought when an import named it), `default`
   * (it had bought nothing yet: diesel), `user` (typed in the form).
   */
  @Column({ name: 'fuel_type_source', type: 'varchar', length: 10, default: 'user' })
  fuelTypeSource: FuelTypeSource;

  @Column({ type: 'varchar', length: 17, nullable: true })
  vin: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  plate: string | null;

  /** Calendar dates, 'YYYY-MM-DD'. */
  @Column({ name: 'active_from', type: 'date', nullable: true })
  activeFrom: string | null;

  @Column({ name: 'active_to', type: 'date', nullable: true })
  activeTo: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
