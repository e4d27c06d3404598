import { body, client } from '../api/client';
import { fetchFile, uploadForm, type DownloadedFile } from './fileTransfer';
import type { ImportResponse, TaxRate } from '../api/types';

const BASE = '/api/protected/calculator';

/** docs/product-spec.md §7: the calculator asks limit 1000, page 1, sort name, order asc and reads {data:[rates]}. */
const CALCULATOR_RATES_QUERY = { limit: 1000, page: 1, sort: 'name', order: 'asc' } as const;

interface ImportOptions {
  period: string;
  /** The calculator's MPG, so the entries' consumed gallons match what the page shows. */
  averageMpg?: number;
  /** The calculation session the imported entries are appended to (docs/product-spec.md §7). */
  sessionId?: string | null;
}

export interface CalculatorMethods {
  getCalculatorTaxRates: () => Promise<TaxRate[]>;
  downloadCalculatorTemplate: (company: string, period: string) => Promise<DownloadedFile>;
  uploadCalculatorExcel: (
    file: File,
    options: ImportOptions,
    onProgress: (share: number) => void,
  ) => Promise<ImportResponse>;
  pasteCalculatorData: (data: string, options: ImportOptions) => Promise<ImportResponse>;
}

const mpgField = (options: ImportOptions) =>
  options.averageMpg !== undefined && options.averageMpg >= 0 ? { average_mpg: options.averageMpg } : {};

export const calculatorMethods: CalculatorMethods = {
  getCalculatorTaxRates: async () =>
    (await body(client.GET('/api/protected/tax-rates-management', { params: { query: CALCULATOR_RATES_QUERY } }))).data,
  downloadCalculatorTemplate: (company, period) =>
    fetchFile(`${BASE}/template?${new URLSearchParams({ company, period })}`),
  uploadCalculatorExcel: (file, options, onProgress) => {
    const form = new FormData();
    form.append('period', options.period);
    if (options.sessionId) form.append('session_id', options.sessionId);
    const mpg = mpgField(options);
    if (mpg.average_mpg !== undefined) form.append('average_mpg', String(mpg.average_mpg));
    form.append('file', file);
    return uploadForm<ImportResponse>(`${BASE}/upload-excel`, form, onProgress);
  },
  pasteCalculatorData: (data, options) =>
    body(
      client.POST('/api/protected/calculator/paste-data', {
        body: {
          data,
          period: options.period,
          source: 'excel_paste',
          ...mpgField(options),
          ...(options.sessionId ? { session_id: options.sessionId } : {}),
        },
      }),
    ),
};
