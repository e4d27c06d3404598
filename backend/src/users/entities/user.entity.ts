import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A company account: the one kind of user, and the tenant every other row belongs to. */
@Entity('users')
// On lower(email): an expression TypeORM cannot declare (migration CreateAccounts).
@Index('users_email_unique', { synchronize: false })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 100, select: false })
  passwordHash: string;

  @Column({ name: 'company_name', type: 'varchar', length: 200 })
  companyName: string;

  /**
   * Where the company's own mail goes when not to `email`: a preparer's client company signs in nowhere, so its
   * reminders and invoices go to the client's contact address or to the person who added it. Null otherwise.
   */
  @Column({ name: 'mail_to', type: 'varchar', length: 254, nullable: true })
  mailTo: string | null;

  /**
   * When the account proved it reads the mailbox of `email` (a link mailed there), or null: operator rights need it,
   * and proving it ends what an earlier unproven holder of the address set up.
   */
  @Column({ name: 'email_proven_at', type: 'timestamptz', nullable: true })
  emailProvenAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
