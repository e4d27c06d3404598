/**
 * Invoices (spec §2 Settings): list with Refresh, View, PDF, Send, statistics and paging.
 * The invoices issue fills this in; it sits below the user settings form.
 */
export const InvoicesSection = () => null;
