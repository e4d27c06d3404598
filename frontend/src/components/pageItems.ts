export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The numbered buttons of the pager (docs/product-spec.md §2): the first and last page, the current page plus or
 * minus 2, and an ellipsis wherever pages are skipped. `pageItems(7, 20)` -> 1 … 5 6 7 8 9 … 20.
 */
export const pageItems = (current: number, totalPages: number): PageItem[] => {
  if (totalPages < 1) return [];
  const pages = new Set([1, totalPages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, i) => {
    if (i > 0 && page - sorted[i - 1] > 1) items.push(page < current ? 'ellipsis-start' : 'ellipsis-end');
    items.push(page);
  });
  return items;
};

/** 'Showing x to y of total results' numbers for a page. */
export const pageRange = (page: number, perPage: number, total: number) => ({
  from: total === 0 ? 0 : (page - 1) * perPage + 1,
  to: Math.min(page * perPage, total),
  total,
});
