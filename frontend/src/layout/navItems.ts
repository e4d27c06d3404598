/** The signed-in navigation of docs/product-spec.md §2, in order. */
export const NAV_ITEMS = [
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/calculator', label: 'nav.calculator' },
  { to: '/reports', label: 'nav.reports' },
  { to: '/tax-rates', label: 'nav.tax_rates' },
  // The records a return is built from, and the vehicles they name.
  { to: '/records', label: 'nav.records' },
  { to: '/vehicles', label: 'nav.vehicles' },
  // A preparer's client companies (the carriers it files for), each opened by switching to it.
  { to: '/client-companies', label: 'nav.clients' },
] as const;

export const isActivePath = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);
