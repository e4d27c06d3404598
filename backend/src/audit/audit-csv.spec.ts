import { describe, expect, it } from '@jest/globals';
import { auditCsv } from './audit-csv.js';
import type { AuditEventRow } from './audit-types.js';

const row = (over: Partial<AuditEventRow>): AuditEventRow => ({
  id: 'a',
  actor_user_id: 'u',
  actor_email: 'bk@example.com',
  actor_kind: 'person',
  actor_description: null,
  action: 'update',
  entity: 'report',
  entity_id: 'r',
  summary: 'Updated report Q3',
  changes: null,
  created_at: '2026-07-01T10:00:00.000000Z',
  ...over,
});

describe('auditCsv', () => {
  it('writes a cell starting like a formula with a leading apostrophe, and doubles quotes', () => {
    const csv = auditCsv([row({ summary: '=HYPERLINK("x")' }), row({ summary: '+1' }), row({ summary: '@SUM' })]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"'+1"`);
    expect(csv).toContain(`"'@SUM"`);
  });

  it("names the system's doing rather than an e-mail", () => {
    const csv = auditCsv([
      row({ actor_user_id: null, actor_email: null, actor_kind: 'system', actor_description: 'IFTA Q3 applied' }),
    ]);
    expect(csv.split('\r\n')[1]).toContain('"IFTA Q3 applied","system"');
  });
});
