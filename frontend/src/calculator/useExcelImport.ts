import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpStatus } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { saveFile } from '../components/saveFile';
import { toNumber } from '@ifta/index';
import { rowFromEntry } from './calculatorState';
import { conversionMessages } from './conversionMessages';
import { importErrorLines, importErrorSummary, unreadableFileKey } from './importErrors';
import type { ImportResponse } from '../api/types';
import { MAX_UPLOAD_BYTES, type CalculatorState, type CalculatorTaxRate, type JurisdictionRow } from './types';

export type ImportSource = 'excel' | 'clipboard';

export interface ImportProblems {
  summary: string | null;
  lines: string[];
}

interface PendingImport {
  rows: JurisdictionRow[];
  source: ImportSource;
}

/**
 * Excel Integration (docs/product-spec.md §2, §5, §8): the template download, the .xlsx upload with its progress, the
 * paste box, and the 'Loaded {n} records … Add to existing data?' confirmation before rows are appended.
 */
export const useExcelImport = (
  state: CalculatorState,
  rates: readonly CalculatorTaxRate[],
  appendRows: (rows: JurisdictionRow[]) => void,
  session: { id: string | null; onAppended: (entries: ImportResponse['entries']) => void } = {
    id: null,
    onAppended: () => undefined,
  },
) => {
  const dataProvider = useIftaDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [downloading, setDownloading] = useState(false);
  const [uploadShare, setUploadShare] = useState<number | null>(null);
  const [fileProblems, setFileProblems] = useState<ImportProblems | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [pasteProblems, setPasteProblems] = useState<ImportProblems | null>(null);
  const [pasting, setPasting] = useState(false);
  const [pending, setPending] = useState<PendingImport | null>(null);

  const { taxPeriod, companyName, averageMPG } = state.generalInfo;
  const options = {
    period: taxPeriod,
    averageMpg: averageMPG.trim() ? toNumber(averageMPG) : undefined,
    sessionId: session.id,
  };
  const problemsOf = (error: unknown, fallbackKey: string): ImportProblems => ({
    summary: importErrorSummary(error),
    lines: importErrorLines(error, translate(fallbackKey), translate('errors.network')),
  });

  /** docs/product-spec.md §5: nothing imported says 'No data to process'; otherwise the user confirms before rows are added. */
  const received = (result: ImportResponse, source: ImportSource) => {
    // The server appended the entries to the session already (docs/product-spec.md §7): the autosave must not add them twice.
    if (session.id && Array.isArray(result?.entries)) session.onAppended(result.entries);
    if (!result || !Array.isArray(result.entries)) {
      notify('calculator.excel.errors.processing', { type: 'error' });
      return;
    }
    if (result.entries.length === 0) {
      notify('calculator.excel.no_data', { type: 'warning' });
      return;
    }
    setPending({ rows: result.entries.map((entry) => rowFromEntry(entry, rates)), source });
    for (const key of conversionMessages(result.conversions)) notify(key, { type: 'info' });
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      const file = await dataProvider.downloadCalculatorTemplate(companyName.trim(), taxPeriod);
      saveFile(file.blob, file.fileName ?? `IFTA_Template_${taxPeriod}.xlsx`);
    } catch {
      notify('calculator.excel.errors.template', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File) => {
    setFileProblems(null);
    if (!/\.xlsx$/i.test(file.name)) {
      setFileProblems({ summary: null, lines: [translate('calculator.excel.only_xlsx')] });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileProblems({ summary: null, lines: [translate('calculator.excel.too_large')] });
      return;
    }
    setUploadShare(0);
    try {
      received(await dataProvider.uploadCalculatorExcel(file, options, setUploadShare), 'excel');
    } catch (error) {
      if (httpStatus(error) === 401) return; // the session ends; the sign-in page takes over
      const unreadable = unreadableFileKey(error);
      setFileProblems(
        unreadable
          ? { summary: null, lines: [translate(unreadable)] }
          : problemsOf(error, 'calculator.excel.errors.file'),
      );
      notify('calculator.excel.errors.file', { type: 'error' });
    } finally {
      setUploadShare(null);
    }
  };

  /** docs/product-spec.md §2: the box opens even when reading the clipboard fails (no permission, no clipboard API). */
  const openPaste = async () => {
    let text = '';
    try {
      text = (await navigator.clipboard?.readText?.()) ?? '';
    } catch {
      text = '';
    }
    setPasteText(text);
    setPasteProblems(null);
    setPasteOpen(true);
  };

  const submitPaste = async () => {
    if (!pasteText.trim()) {
      setPasteProblems({ summary: null, lines: [translate('calculator.excel.paste_empty')] });
      return;
    }
    setPasting(true);
    setPasteProblems(null);
    try {
      const result = await dataProvider.pasteCalculatorData(pasteText, options);
      setPasteOpen(false);
      received(result, 'clipboard');
    } catch (error) {
      if (httpStatus(error) === 401) return;
      setPasteProblems(problemsOf(error, 'calculator.excel.errors.data'));
      notify('calculator.excel.errors.data', { type: 'error' });
    } finally {
      setPasting(false);
    }
  };

  const confirmPending = () => {
    if (!pending) return;
    appendRows(pending.rows);
    notify('calculator.excel.added', { type: 'success', messageArgs: { count: pending.rows.length } });
    setPending(null);
  };

  return {
    downloading,
    downloadTemplate,
    uploadShare,
    upload,
    fileProblems,
    dismissFileProblems: () => setFileProblems(null),
    paste: {
      open: pasteOpen,
      text: pasteText,
      setText: (text: string) => {
        setPasteText(text);
        setPasteProblems(null);
      },
      problems: pasteProblems,
      busy: pasting,
      openBox: openPaste,
      close: () => setPasteOpen(false),
      submit: submitPaste,
    },
    pending,
    confirmPending,
    cancelPending: () => setPending(null),
  };
};

export type ExcelImport = ReturnType<typeof useExcelImport>;
