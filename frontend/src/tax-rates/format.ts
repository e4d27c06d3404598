/** Spec §9: rates show a dollar sign and 4 decimals. */
export const formatRate = (rate: number): string => `$${Number(rate).toFixed(4)}`;

/** MM/DD/YYYY, the product's default date format, in the browser's time zone. */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
};

/** Today's calendar date where the user is, as 'YYYY-MM-DD' (the date input's format). */
export const todayIsoDate = (now: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
