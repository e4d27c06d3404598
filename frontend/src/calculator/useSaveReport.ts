import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { HttpError, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { errorMessage, httpStatus } from '../providers/httpClient';
import { getToken } from '../providers/authSession';
import { REPORT_DETAIL_META } from '../reports/detailQuery';
import type { Report, ReportPayload, ReportStatus } from '../api/types';
import { afterDraftSave, afterFinalSave, canSave, toReportPayload } from './calculatorState';
import type { CalculatorState } from './types';

const REPLACED = [404, 409];

/**
 * Save Draft and Save Final Report (docs/product-spec.md §4, §5): both need company name, MPG and a jurisdiction, both
 * go to /reports. A draft being edited is updated in place; anything else is created. Both go through
 * react-admin's useCreate/useUpdate, which write the server's answer into the one cache the list, the
 * detail page and the dashboard read, so none of them shows the report as it was before the save.
 */
export const useSaveReport = (
  state: CalculatorState,
  /** The work as it stands after the save: tied to the saved draft, or a fresh calculator after a final. */
  onSaved: (next: CalculatorState, status: ReportStatus) => void,
) => {
  // They send the payload and the server answers the saved report.
  const [create] = useCreate<ReportPayload, Error, Report>();
  const [update] = useUpdate<ReportPayload & { id: string }>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();

  const send = async (status: ReportStatus): Promise<Report | undefined> => {
    const data = toReportPayload(state, status);
    // With returnPromise the hooks resolve to the saved record (their types also allow the void of mutate()).
    const createNew = async () =>
      (await create(
        'reports',
        { data, meta: REPORT_DETAIL_META },
        { mutationMode: 'pessimistic', returnPromise: true },
      )) as Report;
    if (!state.reportId) return createNew();
    try {
      return (await update(
        'reports',
        { id: state.reportId, data, meta: REPORT_DETAIL_META },
        { mutationMode: 'pessimistic', returnPromise: true },
      )) as unknown as Report;
    } catch (error) {
      // The draft was deleted (404) or finalised (409) elsewhere since it was opened: the work is
      // saved as a new report rather than lost, as editing a final report does anyway.
      if (REPLACED.includes(httpStatus(error) ?? 0)) return createNew();
      throw error;
    }
  };

  const mutation = useMutation({
    mutationFn: async (status: ReportStatus): Promise<Report> => {
      const saved = await send(status);
      // A 401 ends the sign-in inside react-admin's data hooks (authProvider.checkError), which then answer with an
      // empty record instead of failing: without a token and an id, nothing was saved.
      if (!getToken() || !saved?.id) throw new HttpError('Unauthorized', 401, null);
      return saved;
    },
    // react-admin's own retry policy already ran inside create/update.
    retry: false,
    onSuccess: async (saved, status) => {
      onSaved(status === 'final' ? afterFinalSave(state) : afterDraftSave(state, saved), status);
      notify(status === 'final' ? 'calculator.messages.saved_final' : 'calculator.messages.saved_draft', {
        type: 'success',
      });
      // The cache holds the saved report already; filtered pages, counts and the dashboard's figures are read
      // again, since whether the report still belongs in them is the server's to say.
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      // A filed amendment opens on its own detail, where its changes from the return it amends are shown.
      navigate(status === 'final' && state.isFinalCopy ? `/reports/${encodeURIComponent(saved.id)}` : '/reports');
    },
    onError: (error: unknown) => {
      // A 401 ends the sign-in (authProvider.checkError), and react-admin then answers the save with an empty
      // record: what the user needs to know is that the session ended and the work is still here.
      if (httpStatus(error) === 401 || !getToken()) {
        notify('calculator.messages.session_expired_work_kept', { type: 'error' });
        return;
      }
      const reason = errorMessage(error, (error as Error | null)?.message ?? '');
      notify('calculator.messages.save_error', {
        type: 'error',
        messageArgs: { message: reason === 'errors.network' ? translate(reason) : reason },
      });
    },
  });

  const save = (status: ReportStatus) => {
    if (!canSave(state)) {
      notify('calculator.messages.required', { type: 'error' });
      return;
    }
    mutation.mutate(status);
  };

  return { save, isSaving: mutation.isPending, savingStatus: mutation.variables };
};
