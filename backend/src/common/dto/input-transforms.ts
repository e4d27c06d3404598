/** Form fields often arrive as text: "12.5" is read as 12.5 and a blank as absent; anything else is left to fail. */
export const numberFromText = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : value;
};

export const trimText = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
