import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * docs/style.md: a feature owns its tables, and only its own code names them in SQL; another feature goes through a
 * small service the owner exports. This test reads every source file under backend/src (not migrations, not
 * tests), finds the tables its SQL text names, and fails naming the file and the table when the file's feature
 * (its top folder under src) does not own it.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Which feature owns which table: the folder of its `@Entity('name')` declaration, else (a table with no entity)
 * the feature whose code the migration that creates it serves. The tests below check this map against the
 * entities and the migrations, so a new table cannot go unowned.
 */
const OWNERS: Readonly<Record<string, string>> = {
  // From @Entity(...) declarations.
  users: 'users',
  user_settings: 'users',
  invoices: 'invoices',
  interest_rates: 'interest-rates',
  tax_rates: 'tax-rates',
  official_rate_matrices: 'tax-rates',
  official_rates: 'tax-rates',
  rate_matrix_runs: 'tax-rates',
  payment_methods: 'payment-methods',
  sandbox_payment_methods: 'billing',
  billing_customers: 'billing',
  billing_events: 'billing',
  calculation_sessions: 'calculation-sessions',
  report_jurisdictions: 'reports',
  reports: 'reports',
  payments: 'subscriptions',
  subscriptions: 'subscriptions',
  plans: 'subscriptions',
  vehicles: 'vehicles',
  // Tables without an entity, by the feature their creating migration serves.
  auth_sessions: 'auth',
  password_reset_tokens: 'auth',
  password_reset_requests: 'auth',
  company_members: 'auth',
  member_invitations: 'auth',
  sent_reminders: 'calendar',
  outbox_messages: 'mail',
  report_usage: 'reports',
  report_usage_months: 'reports',
  account_report_totals: 'reports',
  report_jurisdiction_totals: 'reports',
  trips: 'records',
  fuel_purchases: 'records',
  record_import_mappings: 'records',
  built_returns: 'records',
  record_health_settings: 'records',
  record_health_acknowledgements: 'records',
  platform_operators: 'operator',
  report_rate_notices: 'reports',
  return_payments: 'reports',
  audit_events: 'audit',
  client_companies: 'client-links',
  email_proofs: 'auth',
  // The storage port's PostgreSQL driver (common/storage) keeps uploaded files here, for any feature.
  stored_files: 'common',
};

/** Every string and template literal of a TypeScript source, comments skipped (template parts joined by a space). */
function stringLiterals(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  const scanCode = (closeOnBrace: boolean): void => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i];
      const next = source[i + 1];
      if (c === '/' && next === '/') {
        while (i < source.length && source[i] !== '\n') i += 1;
      } else if (c === '/' && next === '*') {
        const end = source.indexOf('*/', i + 2);
        i = end < 0 ? source.length : end + 2;
      } else if (c === "'" || c === '"') {
        i += 1;
        let text = '';
        while (i < source.length && source[i] !== c && source[i] !== '\n') {
          if (source[i] === '\\') i += 1;
          text += source[i] ?? '';
          i += 1;
        }
        i += 1;
        found.push(text);
      } else if (c === '`') {
        i += 1;
        const parts: string[] = [];
        let text = '';
        while (i < source.length && source[i] !== '`') {
          if (source[i] === '\\') {
            text += source[i + 1] ?? '';
            i += 2;
          } else if (source[i] === '$' && source[i + 1] === '{') {
            i += 2;
            parts.push(text);
            text = '';
            scanCode(true);
          } else {
            text += source[i];
            i += 1;
          }
        }
        i += 1;
        parts.push(text);
        found.push(parts.join(' '));
      } else if (c === '{') {
        depth += 1;
        i += 1;
      } else if (c === '}') {
        i += 1;
        if (closeOnBrace && depth === 0) return;
        depth -= 1;
      } else {
        i += 1;
      }
    }
  };
  scanCode(false);
  return found;
}

/** House SQL writes its keywords in capitals; a literal that starts as a statement is read whatever its case. */
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/g;
const SQL_TABLE_ANY_CASE = new RegExp(SQL_TABLE.source, 'gi');
const STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;

/** The known tables that SQL in these literals reads or writes (prose such as "data from users" is not SQL). */
function tablesNamed(literals: string[], owners: Readonly<Record<string, string>> = OWNERS): Set<string> {
  const tables = new Set<string>();
  for (const literal of literals) {
    for (const match of literal.matchAll(STATEMENT.test(literal) ? SQL_TABLE_ANY_CASE : SQL_TABLE)) {
      const table = match[1].toLowerCase();
      if (table in owners) tables.add(table);
    }
  }
  return tables;
}

/** The feature of a file: its top folder under src ('' for a file directly in src). */
const featureOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '');

/** One message per foreign table the file's SQL names, unless `allowed` lets it (the unit tests below use it). */
function violations(
  file: string,
  source: string,
  owners: Readonly<Record<string, string>> = OWNERS,
  allowed: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  const feature = featureOf(file);
  return [...tablesNamed(stringLiterals(source), owners)]
    .filter((table) => owners[table] !== feature && !(allowed[file] ?? []).includes(table))
    .map(
      (table) => `${file} names table ${table}, owned by ${owners[table]}: ask a service that ${owners[table]} exports`,
    );
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

const isMigration = (file: string) => file.startsWith('database/migrations/');
const isTest = (file: string) => /\.(spec|e2e-spec)\.ts$/.test(file);
const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

describe('SQL ownership (docs/style.md: a feature owns its tables)', () => {
  const files = sourceFiles();

  it('finds no SQL naming a table of another feature', () => {
    const found = files
      .filter((file) => !isMigration(file) && !isTest(file))
      .flatMap((file) => violations(file, read(file)));
    expect(found).toEqual([]);
  });

  it('reads the tables out of the real repositories (the scan is not blind)', () => {
    expect([...tablesNamed(stringLiterals(read('subscriptions/subscriptions.repository.ts')))].sort()).toEqual([
      'payments',
      'plans',
      'subscriptions',
    ]);
    expect([...tablesNamed(stringLiterals(read('auth/auth.repository.ts')))].sort()).toEqual([
      'auth_sessions',
      'company_members',
      'password_reset_tokens',
    ]);
  });

  it('owns every @Entity table in the folder that declares it', () => {
    const declared = files
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        [...read(file).matchAll(/@Entity\(\s*['"]([a-z_]+)['"]/g)].map((m) => [m[1], featureOf(file)] as const),
      );
    expect(declared.length).toBeGreaterThan(10);
    for (const [table, feature] of declared) expect({ table, owner: OWNERS[table] }).toEqual({ table, owner: feature });
  });

  it('has an owner for every table a migration creates', () => {
    const created = files
      .filter(isMigration)
      .flatMap((file) => [...read(file).matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)/g)].map((m) => m[1]));
    expect(created.length).toBeGreaterThan(20);
    expect(created.filter((table) => !(table in OWNERS))).toEqual([]);
  });

  it('fails naming the file and the table when a feature queries a table it does not own', () => {
    const source = [
      "const [s] = await this.db.query('SELECT default_mpg FROM user_settings WHERE user_id = $1', [id]);",
      'await manager.query(`UPDATE payment_methods SET is_default = false WHERE user_id = ${"$"}1`);',
      "const note = 'Import data from users of the app'; // prose naming no table",
      "const lower = 'select id from invoices where user_id = $1';",
    ].join('\n');
    expect(violations('calculator/calculator.service.ts', source)).toEqual([
      'calculator/calculator.service.ts names table user_settings, owned by users: ask a service that users exports',
      'calculator/calculator.service.ts names table payment_methods, owned by payment-methods: ask a service that payment-methods exports',
      'calculator/calculator.service.ts names table invoices, owned by invoices: ask a service that invoices exports',
    ]);
  });

  it('lets a feature name its own tables, and an allowlisted file the tables it lists', () => {
    const source =
      'await this.db.query(`SELECT 1 FROM subscriptions s JOIN plans p ON p.id = s.plan_id JOIN users u`);';
    expect(violations('subscriptions/subscriptions.repository.ts', source)).toEqual([
      'subscriptions/subscriptions.repository.ts names table users, owned by users: ask a service that users exports',
    ]);
    expect(
      violations('subscriptions/subscriptions.repository.ts', source, OWNERS, {
        'subscriptions/subscriptions.repository.ts': ['users'],
      }),
    ).toEqual([]);
  });

  it('reads SQL out of template literals with placeholders, and not out of comments', () => {
    const source = [
      '// SELECT * FROM reports',
      '/* DELETE FROM trips */',
      "const sql = `SELECT ${columns} FROM ${table} WHERE kind = 'reports'`;",
      'const other = `INSERT INTO ${table} (a) SELECT a FROM trips WHERE b = ${value}`;',
    ].join('\n');
    expect([...tablesNamed(stringLiterals(source))]).toEqual(['trips']);
  });
});
