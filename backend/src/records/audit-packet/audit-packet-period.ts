import { parseQuarter, type Quarter } from '../../tax-rates/quarter.js';

/** A quarter of a packet: its days, and the tax periods its reports may be saved under (it and its months). */
export interface PacketQuarter extends Quarter {
  taxPeriods: string[];
}

/** 'Q3-2026' (one quarter) or '2026' (a year); what the query DTO lets through. */
export const PACKET_PERIOD = /^(Q[1-4]-20\d\d|20\d\d)$/;
export const PACKET_PERIOD_MESSAGE = 'period must be a quarter such as Q3-2026 or a year such as 2026';

/** The quarters a packet covers, in order: the one named, or the four of a year. */
export function packetQuarters(period: string): PacketQuarter[] {
  const labels = /^20\d\d$/.test(period) ? [1, 2, 3, 4].map((q) => `Q${q}-${period}`) : [period];
  return labels.map((label) => {
    const quarter = parseQuarter(label);
    if (!quarter) throw new Error(`${label} is not a quarter`);
    const year = label.slice(3);
    const first = (Number(label[1]) - 1) * 3 + 1;
    const months = [first, first + 1, first + 2].map((m) => `${year}-${String(m).padStart(2, '0')}`);
    return { ...quarter, taxPeriods: [label, ...months] };
  });
}
