import type { PeriodReturnRow } from '../../reports/final-returns.js';
import type { PacketQuarter } from './audit-packet-period.js';
import type { ReceiptCounts } from './audit-packet.repository.js';

/** A quarter of a packet as planned before a byte is sent: its returns and what its receipts hold. */
export interface PlannedQuarter extends PacketQuarter {
  returns: Array<PeriodReturnRow & { file: string }>;
  counts: ReceiptCounts;
}

/** What a packet will hold, read before it is sent: its quarters, entry count and an estimate of its size. */
export interface PacketPlan {
  period: string;
  unit: string | undefined;
  quarters: PlannedQuarter[];
  entries: number;
  estimatedBytes: number;
  madeAt: Date;
}
