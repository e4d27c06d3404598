import { httpClient } from './httpClient';
import { fetchFile, uploadForm, type DownloadedFile } from './fileTransfer';
import type { ImportResponse, TaxRate, TaxRatePage } from '../api/types';

const BASE = '/api/protected/calculator';

/** docs/product-spec.md §7: the calculator asks limit 1000, page 1, sort name, order asc and reads {data:[rates]}. */
const CALCULATOR_RATES_QUERY = { limit: '1000', page: '1', sort: 'name', order: 'asc' } as const;

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
  getCalculatorTaxRates: async () => {
    const query = new URLSearchParams(CALCULATOR_RATES_QUERY);
    return (await httpClient<TaxRatePage>(`/api/protected/tax-rates-management?${query}`)).json.data;
  },
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
  pasteCalculatorData: async (data, options) =>
    (
      await httpClient<ImportResponse>(`${BASE}/paste-data`, {
        method: 'POST',
        body: {
          data,
          period: options.period,
          source: 'excel_paste',
          ...mpgField(options),
          ...(options.sessionId ? { session_id: options.sessionId } : {}),
        },
      })
    ).json,
};
