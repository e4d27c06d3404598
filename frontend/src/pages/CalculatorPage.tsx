import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
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
  const fuelTypes = useMemo(
    () => (mode === 'official' ? [...new Set(state.jurisdictions.map(fuelTypeOf))] : []),
    [mode, state.jurisdictions],
  );
  const { ratesByFuel } = useFuelRateTables(info.taxPeriod, fuelTypes);
  const preview = useMemo(
    () => previewReport(mode, state.jurisdictions, info.averageMPG, { accountRates: rates, ratesByFuel }),
    [mode, state.jurisdictions, info.averageMPG, rates, ratesByFuel],
  );

  const dueLines = useMemo(
    () =>
      state.jurisdictions.map((row, index) => ({
        code: row.name,
        taxDue: preview.lines[index]?.taxDue ?? 0,
        surchargeDue: preview.lines[index]?.surchargeDue ?? 0,
      })),
    [state.jurisdictions, preview],
  );

  const startNewReport = () => {
    setConfirmingNew(false);
    calculator.startNew();
    session.startNew();
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
          <GeneralInfoSection info={state.generalInfo} onChange={calculator.updateGeneral} />
          <RatesQuarterNotice period={info.taxPeriod} fuelTypes={fuelTypes.length > 0 ? fuelTypes : undefined} />
          <CalculationModePanel
            mode={mode}
            preview={preview}
            onChange={(calculationMode) => calculator.updateGeneral({ calculationMode })}
          />
          <ExcelIntegrationPanel excel={excel} />
          <JurisdictionSection
            rows={state.jurisdictions}
            preview={preview}
            period={info.taxPeriod}
            rates={rates}
            loadingRates={loadingRates}
            actions={calculator}
          />
          <SummaryResults totals={preview.totals} count={state.jurisdictions.length}>
            {preview.schedules && preview.schedules.length > 0 ? (
              <FuelSchedulesPreview schedules={preview.schedules} />
            ) : null}
          </SummaryResults>
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
        onConfirm={startNewReport}
        onClose={() => setConfirmingNew(false)}
      />
    </>
  );
};
CalculatorPage.path = '/calculator';

export default CalculatorPage;
