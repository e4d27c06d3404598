/**
 * The two colours of over- and under-purchase, shared by the chart and the Fuel Analysis lists. Blue and orange
 * rather than green and red: they stay apart for red-green colour blindness, and neither reads as "good" or "bad"
 * (an over-purchase is a credit, an under-purchase tax due; both are normal).
 */
export const OVERPURCHASE_COLOR = '#1d4ed8';
export const UNDERPURCHASE_COLOR = '#c2410c';

/** Each state gets a bar row this tall, so 58 jurisdictions stay readable and the chart grows down, not sideways. */
const ROW_HEIGHT = 24;
const AXIS_HEIGHT = 36;
export const chartHeight = (rows: number): number => rows * ROW_HEIGHT + AXIS_HEIGHT;
