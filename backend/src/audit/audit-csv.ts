import { cellText } from '../common/documents/cell-text.js';
import type { AuditEventRow } from './audit-types.js';

const HEADERS = ['when', 'who', 'actor_kind', 'action', 'entity', 'entity_id', 'summary', 'changes'];

/**
 * A CSV cell: quoted, with quotes doubled, and text that a spreadsheet would run as a formula (= + - @) written with
 * a leading apostrophe, since a report name or an e-mail is the account's own text and the file goes to an auditor.
 */
const cell = (value: string | null): string => `"${cellText(value ?? '').replace(/"/g, '""')}"`;

/** The events as CSV for an auditor: one row each, the before/after as JSON; UTF-8 with a BOM so Excel reads it. */
export function auditCsv(rows: readonly AuditEventRow[]): string {
  const lines = rows.map((row) =>
    [
      row.created_at,
      row.actor_kind === 'system' ? (row.actor_description ?? 'system') : row.actor_email,
      row.actor_kind,
      row.action,
      row.entity,
      row.entity_id,
      row.summary,
      row.changes ? JSON.stringify(row.changes) : '',
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[HEADERS.join(','), ...lines].join('\r\n')}\r\n`;
}
