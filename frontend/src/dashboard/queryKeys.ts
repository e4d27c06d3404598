/**
 * Under the 'reports' prefix on purpose: react-admin invalidates ['reports'] after any create, update or delete
 * of the reports resource (the calculator, the report pages), which then refreshes the dashboard too, despite
 * the 5-minute freshness of docs/product-spec.md §9.
 */
export const dashboardKeys = {
  all: ['reports', 'dashboard'] as const,
  stats: ['reports', 'dashboard', 'stats'] as const,
  page: (page: number, perPage: number) => ['reports', 'dashboard', 'page', { page, perPage }] as const,
};
