import { useMutation } from '@tanstack/react-query';
import { useLocaleState, useNotify } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { useNotifyFailure } from '../notifications/useNotifyFailure';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { Report } from '../api/types';
import { downloadBaseName } from './format';

/** The PDF keeps the export's name pattern: '{name}_report.pdf', an amendment's with 'Amendment-N'. */
const pdfFileName = (report: PdfReport): string => `${downloadBaseName(report)}_report.pdf`;

type PdfReport = Pick<Report, 'id' | 'name'> & Partial<Pick<Report, 'amendment_number'>>;

/** Download PDF: the official return as a document, in the language the screen is in. */
export const useReportPdf = () => {
  const dataProvider = useIftaDataProvider();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [locale] = useLocaleState();
  return useMutation({
    mutationFn: async (report: PdfReport) => ({
      file: await dataProvider.downloadReportPdf(report.id, locale === 'ru' ? 'ru' : 'en'),
      report,
    }),
    onSuccess: ({ file, report }) => {
      if (file.blob.size === 0) {
        notify('official.pdf.error', { type: 'error' });
        return;
      }
      saveFile(file.blob, file.fileName ?? pdfFileName(report));
    },
    onError: (error) => notifyFailure(error, 'official.pdf.error'),
  });
};
