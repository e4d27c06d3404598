import type { PacketPlan } from './packet-plan.js';

/**
 * The packet's README.txt: what each file is, and per quarter which returns it holds, a draft marked as such, or
 * that the quarter has no return at all (said here rather than left for the auditor to notice).
 */
export function packetReadme(plan: PacketPlan): string {
  const lines = [
    `IFTA audit packet, ${plan.period}${plan.unit ? `, unit ${plan.unit}` : ''}`,
    `Made ${plan.madeAt.toISOString()}.`,
    '',
    'Each quarter has a folder holding:',
    "  returns/            the quarter's filed return(s) as PDF; where none is filed, its latest draft (_DRAFT)",
    '  ivmr-summary.pdf    per vehicle: VIN, fuel, trips, miles and taxable miles by jurisdiction, gallons, MPG',
    '  ivmr-summary.csv    the same figures as CSV, each unit followed by its Total line',
    '  receipts.csv        every fuel purchase with all its receipt fields, whether the receipt is complete and',
    '                      creditable as tax-paid, and the file of its attached receipt',
    '  receipts/           the attached receipt images and PDFs, named as receipts.csv names them',
    '',
  ];
  if (plan.unit)
    lines.push(`Mileage and receipts are unit ${plan.unit}'s only; the returns are the whole fleet's.`, '');
  for (const quarter of plan.quarters) {
    lines.push(`${quarter.label} (${quarter.start} to ${quarter.end})`);
    if (quarter.returns.length === 0) lines.push('  Return: MISSING (no report of this quarter has been saved)');
    for (const report of quarter.returns) {
      const state =
        report.status === 'final' ? (report.amended ? 'filed, amended return' : 'filed') : 'DRAFT, not filed';
      lines.push(`  Return: ${report.name} (${state}) -> ${quarter.label}/${report.file}`);
    }
    lines.push(
      `  Receipts: ${quarter.counts.receipts} purchases, ${quarter.counts.attachments} with a receipt file attached`,
      '',
    );
  }
  return lines.join('\r\n');
}
