/**
 * exceljs and pdfkit load on first use, not at start-up. Together they are the largest part of the app's import time
 * (a second of every replica's boot and of every API test suite's), and most requests never write a workbook or a
 * PDF. Node caches the module, so only the first document pays for the load.
 */
export const loadExcelJs = async () => (await import('exceljs')).default;

export const loadPdfKit = async () => (await import('pdfkit')).default;
