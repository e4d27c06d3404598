/** The problem counts of an import preview, most frequent first (then by field name), for the summary lines. */
export const problemCountLines = (counts: Record<string, number>): Array<[string, number]> =>
  Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([fieldA, a], [fieldB, b]) => b - a || fieldA.localeCompare(fieldB));
