import type { AuditEvent } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The "What" of an event in the screen's language, from its action and what it is about (keys, not the server's
 * English summary): "Edited report" / "Изменил(а) отчёт". An action or object this build has no words for shows
 * its code rather than nothing.
 */
export const whatLabel = (event: Pick<AuditEvent, 'action' | 'entity'>, translate: Translate): string => {
  const action = translate(`audit.actions.${event.action}`, { _: event.action });
  if (NAMES_ITS_OBJECT.has(event.action)) return action;
  return translate('audit.what', { action, entity: translate(`audit.objects.${event.entity}`, { _: event.entity }) });
};

/** Actions whose words already say what they act on ("Recorded payment", "Invited"): no object is added. */
const NAMES_ITS_OBJECT = new Set([
  'amend',
  'void',
  'payment_record',
  'payment_delete',
  'invite',
  'accept',
  'role_change',
  'remove',
  'revoke',
  'add_client',
  'open_client',
  'subscribe',
  'plan_change',
  'card_add',
  'card_default',
  'card_delete',
  'prove_email',
]);

/** The repricing after a published rate matrix, as the server describes it ("IFTA Q3-2026 matrix v2 applied"). */
const MATRIX_APPLIED = /^IFTA (Q[1-4]-\d{4}) matrix v(\d+) applied$/;

/** Who acted: the person's e-mail, or "System" with what it was doing, in the screen's language. */
export const whoLabel = (
  event: Pick<AuditEvent, 'actor_email' | 'actor_kind' | 'actor_description'>,
  translate: Translate,
): string => {
  if (event.actor_kind !== 'system' && event.actor_email) return event.actor_email;
  const description = event.actor_description ?? '';
  const matrix = MATRIX_APPLIED.exec(description);
  const doing = matrix
    ? translate('audit.system_doing.matrix_applied', { quarter: matrix[1], version: matrix[2] })
    : description;
  return doing ? `${translate('audit.system')} · ${doing}` : translate('audit.system');
};

/** A report line's key ("line KY diesel", "line KY diesel from 2026-08-01") as "KY · Diesel · from 2026-08-01". */
const LINE = /^line (\S+) (\S+)(?: from (\S+))?$/;

/** A changed field's name in the screen's language; a report line by its jurisdiction and fuel. */
export const fieldLabel = (field: string, translate: Translate): string => {
  const line = LINE.exec(field);
  if (!line) return translate(`audit.fields.${field}`, { _: field });
  const fuel = translate(`audit.fuels.${line[2]}`, { _: line[2] });
  return line[3]
    ? translate('audit.line_from', { code: line[1], fuel, from: line[3] })
    : translate('audit.line', { code: line[1], fuel });
};

/** One side of a change as text: a line's figures "Taxable miles: 9000, ..."; nothing for a line not there. */
export const valueLabel = (value: unknown, translate: Translate): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([figure, figureValue]) => `${fieldLabel(figure, translate)}: ${valueLabel(figureValue, translate)}`)
      .join(', ');
  }
  if (typeof value === 'boolean') return translate(value ? 'audit.yes' : 'audit.no');
  return String(value);
};

/** The rows of the before → after table: each field that changed, a line's kind (added, removed, changed). */
export const changeRows = (
  changes: AuditEvent['changes'],
  translate: Translate,
): Array<{ field: string; label: string; before: string; after: string; kind: 'added' | 'removed' | 'changed' }> =>
  Object.entries(changes ?? {}).map(([field, change]) => ({
    field,
    label: fieldLabel(field, translate),
    before: valueLabel(change.before, translate),
    after: valueLabel(change.after, translate),
    kind:
      change.before === null || change.before === undefined
        ? 'added'
        : change.after === null || change.after === undefined
          ? 'removed'
          : 'changed',
  }));
