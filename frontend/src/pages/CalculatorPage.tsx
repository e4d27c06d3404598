import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { CalculationMode } from '@ifta/index';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../layout/PageSpinner';
import { modeOf } from '../calculator/calculatorState';
import { CalculationModePanel } from '../calculator/CalculationModePanel';
import { previewReport } from '../calculator/reportPreview';
import { EditingBanner } from '../calculator/EditingBanner';
import { ExcelIntegrationPanel } from '../calculator/ExcelIntegrationPanel';
import { FuelSchedulesPreview } from '../calculator/FuelSchedulesPreview';
import { GeneralInfoSection } from '../calculator/GeneralInfoSection';
import { fuelTypeOf } from '../calculator/officialPreview';
import { useFuelRateTables } from '../calculator/useFuelRateTables';
import { RatesQuarterNotice } from '../calculator/RatesQuarterNotice';
import { ImportConfirmDialog } from '../calculator/ImportConfirmDialog';
import { JurisdictionSection } from '../calculator/JurisdictionSection';
import { PasteDialog } from '../calculator/PasteDialog';
import { SaveActions } from '../calculator/SaveActions';
import { SummaryResults } from '../calculator/SummaryResults';
import { useCalculationSession } from '../calculator/useCalculationSession';
import { useCalculatorState } from '../calculator/useCalculatorState';
import { useCalculatorTaxRates } from '../calculator/useCalculatorTaxRates';
import { useExcelImport } from '../calculator/useExcelImport';
import { useLeaveGuard } from '../calculator/useLeaveGuard';
import { RestoredNotice } from '../calculator/RestoredNotice';
import { useSaveReport } from '../calculator/useSaveReport';

// Typing in a line re-renders the page on every keystroke; these sections read nothing a line edit changes (the
// figures they show come from the deferred preview), so with stable props they skip those renders.
const GeneralInfo = memo(GeneralInfoSection);
const ModePanel = memo(CalculationModePanel);
const QuarterNotice = memo(RatesQuarterNotice);
const Summary = memo(SummaryResults);

/** The IFTA calculator (docs/product-spec.md §2 Calculator); `?edit={id}` reopens a saved report. */
const CalculatorPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const calculator = useCalculatorState();
  const { state, replace, key, isLoadingReport } = calculator;
  const { rates, isLoading: loadingRates } = useCalculatorTaxRates();
  const session = useCalculationSession(
    { key, state, ready: !isLoadingReport, savedAt: calculator.savedAt },
    replace,
    rates,
  );
  const excel = useExcelImport(state, rates, calculator.appendRows, {
    id: session.sessionId,
    onAppended: session.onAppended,
  });
  const { save, isSaving, savingStatus } = useSaveReport(state, (next, status) => {
    const to = calculator.settle(next, key);
    session.settle(key, to, status === 'final');
  });
  useLeaveGuard(calculator.unsaved);
  const [confirmingNew, setConfirmingNew] = useState(false);
  const mode = modeOf(state.generalInfo);
  const info = state.generalInfo;
  // The same list object while the fuel types stay the same, however the lines' numbers change.
  const fuelKey = mode === 'official' ? [...new Set(state.jurisdictions.map(fuelTypeOf))].join(',') : '';
  const fuelTypes = useMemo(() => (fuelKey ? fuelKey.split(',') : []), [fuelKey]);
  const { updateGeneral } = calculator;
  const changeMode = useCallback(
    (calculationMode: CalculationMode) => updateGeneral({ calculationMode }),
    [updateGeneral],
  );
  const { ratesByFuel } = useFuelRateTables(info.taxPeriod, fuelTypes);
  // The figures follow the typing a moment later: a keystroke's own render (the one cell, the one line) paints
  // first, and the preview of every line, which an official return's fleet MPG changes all at once, is recomputed
  // in a render React may interrupt. The lines it was computed from go with it, so figures stay with their line.
  const previewedRows = useDeferredValue(state.jurisdictions);
  const preview = useMemo(
    () => previewReport(mode, previewedRows, info.averageMPG, { accountRates: rates, ratesByFuel }, info.taxPeriod),
    [mode, previewedRows, info.averageMPG, rates, ratesByFuel, info.taxPeriod],
  );

  const schedules = useMemo(
    () =>
      preview.schedules && preview.schedules.length > 0 ? <FuelSchedulesPreview schedules={preview.schedules} /> : null,
    [preview.schedules],
  );

  const dueLines = useMemo(
    () =>
      previewedRows.map((row, index) => ({
        code: row.name,
        taxDue: preview.lines[index]?.taxDue ?? 0,
        surchargeDue: preview.lines[index]?.surchargeDue ?? 0,
      })),
    [previewedRows, preview],
  );

  const startNewReport = () => {
    setConfirmingNew(false);
    calculator.startNew();
    session.startNew();
    navigate('/calculator', { replace: true });
  };
  // Confirmed: the unsaved edits go, on the server too (the work's session ends).
  const discardAndStartNew = () => {
    setConfirmingNew(false);
    calculator.startNew();
    session.discard();
    navigate('/calculator', { replace: true });
  };
  // Unsaved edits are asked about first; saved work is still in its report, so it just closes.
  const askNewReport = () => (calculator.unsaved ? setConfirmingNew(true) : startNewReport());

  return (
    <>
      <PageHeader title={translate('calculator.title')} subtitle={translate('calculator.subtitle')} />
      {isLoadingReport ? (
        <PageSpinner />
      ) : (
        <Stack spacing={3}>
          <RestoredNotice
            notice={calculator.restored}
            onDiscard={calculator.discardRestored}
            onDismiss={calculator.dismissRestored}
          />
          <EditingBanner state={state} onNewReport={askNewReport} />
          <GeneralInfo info={state.generalInfo} onChange={updateGeneral} />
          <QuarterNotice period={info.taxPeriod} fuelTypes={fuelTypes.length > 0 ? fuelTypes : undefined} />
          <ModePanel mode={mode} preview={preview} onChange={changeMode} />
          <ExcelIntegrationPanel excel={excel} />
          <JurisdictionSection
            rows={calculator.entryRows}
            preview={preview}
            previewedRows={previewedRows}
            period={info.taxPeriod}
            rates={rates}
            loadingRates={loadingRates}
            actions={calculator}
          />
          <Summary totals={preview.totals} count={previewedRows.length}>
            {schedules}
          </Summary>
          <SaveActions
            onSave={save}
            isSaving={isSaving}
            savingStatus={savingStatus}
            period={info.taxPeriod}
            lines={dueLines}
          />
        </Stack>
      )}
      <PasteDialog paste={excel.paste} />
      <ImportConfirmDialog excel={excel} />
      <Confirm
        isOpen={confirmingNew}
        title="calculator.confirm_new.title"
        content="calculator.confirm_new.content"
        confirm="calculator.confirm_new.confirm"
        cancel="calculator.confirm_new.cancel"
        onConfirm={discardAndStartNew}
        onClose={() => setConfirmingNew(false)}
      />
    </>
  );
};
CalculatorPage.path = '/calculator';

export default CalculatorPage;
