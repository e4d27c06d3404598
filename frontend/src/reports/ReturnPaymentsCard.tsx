import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCardOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import {
  Confirm,
  CreateBase,
  DataTable,
  DateInput,
  ListBase,
  maxLength,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useDelete,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Report, ReturnPayment } from '../api/types';
import { SectionCard } from '../components/SectionCard';
import { errorMessage } from '../providers/httpClient';
import { useCan } from '../providers/memberRole';
import { REPORT_PAYMENTS } from '../providers/returnPaymentsResource';
import { formatDay } from '../calendar/displaySettings';
import { formatMoney } from './format';
import { SettledChip } from './SettlementStatus';
import { TaxAmount } from './TaxAmount';

const KINDS = ['payment', 'refund', 'credit_carried_forward'] as const;
const METHODS = ['ach', 'check', 'card', 'eft', 'other'] as const;
/** The server's bounds (CreateReturnPaymentDto): checked here too, so a slip is told before anything is sent. */
const AMOUNT_LIMIT = 10_000_000;
const REFERENCE_MAX = 100;

/** Today in the browser's own calendar, as the date input writes it. */
const localToday = (): string => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const validateAmount = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined; // required() says so
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0) return 'reports.payments.validation.amount_positive';
  if (Math.round(amount * 100) / 100 !== amount) return 'reports.payments.validation.amount_cents';
  if (amount > AMOUNT_LIMIT) return 'reports.payments.validation.amount_max';
  return undefined;
};

const validateNotFuture = (value: unknown) =>
  typeof value === 'string' && value > localToday() ? 'reports.payments.validation.date_future' : undefined;

/**
 * A final report's payments (backend/src/reports/return-balance.ts): what its return owes in all, what was paid and
 * what is left, with a "Paid" chip once settled; the return's entries, and for a bookkeeper or more a dialog that
 * records one and a button that deletes one. Every write refreshes the page's queries, so the report's balance, the
 * list and the dashboard read it anew.
 */
export const ReturnPaymentsCard = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  const writes = useCan('bookkeeper');
  const [recording, setRecording] = useState(false);
  return (
    <SectionCard
      id="report-payments"
      title={translate('reports.payments.title')}
      icon={<PaymentsIcon />}
      actions={
        writes ? (
          <Button variant="outlined" startIcon={<AddCardIcon />} onClick={() => setRecording(true)}>
            {translate('reports.payments.record')}
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        {report.superseded ? <Alert severity="info">{translate('reports.payments.superseded')}</Alert> : null}
        <Box
          data-testid="payment-balance"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 }, alignItems: 'center' }}
        >
          <Figure label={translate('reports.payments.amount_due')} testId="amount-due">
            <TaxAmount value={report.amount_due ?? 0} />
          </Figure>
          <Figure label={translate('reports.payments.paid')} testId="amount-paid">
            {formatMoney(report.paid ?? 0)}
          </Figure>
          <Figure label={translate('reports.payments.balance')} testId="amount-balance">
            <TaxAmount value={report.balance ?? 0} />
          </Figure>
          <SettledChip report={report} size="medium" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('reports.payments.hint')}
        </Typography>
        <ListBase
          resource={REPORT_PAYMENTS}
          filter={{ report_id: report.id }}
          perPage={1000}
          storeKey={false}
          disableSyncWithLocation
          queryOptions={{ onError: () => undefined }}
        >
          <PaymentsTable report={report} writes={writes} />
        </ListBase>
      </Stack>
      {recording ? <RecordPaymentDialog report={report} onClose={() => setRecording(false)} /> : null}
    </SectionCard>
  );
};

const Figure = ({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) => (
  <Box>
    <Typography variant="overline" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="h6" component="div" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Typography>
  </Box>
);

const PaymentsTable = ({ report, writes }: { report: Report; writes: boolean }) => {
  const translate = useTranslate();
  const { error, refetch } = useListContext<ReturnPayment>();
  const [deleting, setDeleting] = useState<ReturnPayment | null>(null);
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {translate('audit.try_again')}
          </Button>
        }
      >
        {translate('reports.payments.load_failed')}
      </Alert>
    );
  }
  const kind = (payment: ReturnPayment) => translate(`reports.payments.kinds.${payment.kind}`);
  return (
    <>
      <DataTable<ReturnPayment>
        bulkActionButtons={false}
        rowClick={false}
        hover={false}
        size="small"
        empty={
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {translate('reports.payments.empty')}
          </Typography>
        }
        sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
      >
        <DataTable.Col
          source="paid_on"
          label={translate('reports.payments.columns.paid_on')}
          disableSort
          render={(payment) => formatDay(payment.paid_on)}
        />
        <DataTable.Col source="kind" label={translate('reports.payments.columns.kind')} disableSort render={kind} />
        <DataTable.Col
          source="method"
          label={translate('reports.payments.columns.method')}
          disableSort
          render={(payment) => translate(`reports.payments.methods.${payment.method}`)}
        />
        <DataTable.Col
          source="reference"
          label={translate('reports.payments.columns.reference')}
          disableSort
          render={(payment) => payment.reference ?? ''}
        />
        <DataTable.Col
          source="amount"
          label={translate('reports.payments.columns.amount')}
          align="right"
          disableSort
          render={(payment) => (
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="payment-amount">
              {payment.kind === 'payment' ? '' : '−'}
              {formatMoney(payment.amount)}
            </Box>
          )}
        />
        {writes ? (
          <DataTable.Col<ReturnPayment>
            label={translate('reports.payments.columns.actions')}
            align="right"
            disableSort
            render={(payment) => {
              const label = translate('reports.payments.delete_label', {
                kind: kind(payment).toLowerCase(),
                amount: formatMoney(payment.amount),
              });
              return (
                <Tooltip title={label}>
                  <IconButton size="small" color="error" aria-label={label} onClick={() => setDeleting(payment)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              );
            }}
          />
        ) : null}
      </DataTable>
      <DeletePaymentDialog report={report} payment={deleting} onClose={() => setDeleting(null)} />
    </>
  );
};

const DeletePaymentDialog = ({
  report,
  payment,
  onClose,
}: {
  report: Report;
  payment: ReturnPayment | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleteOne, { isPending }] = useDelete<ReturnPayment>();
  const confirm = () => {
    if (!payment) return;
    deleteOne(
      REPORT_PAYMENTS,
      { id: payment.id, previousData: payment, meta: { report_id: report.id } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('reports.payments.deleted', { type: 'success' });
          refresh();
        },
        onError: (error) => notify(errorMessage(error, 'reports.payments.delete_failed'), { type: 'error' }),
        onSettled: onClose,
      },
    );
  };
  return (
    <Confirm
      isOpen={payment !== null}
      loading={isPending}
      title={translate('reports.payments.delete_title')}
      content={translate('reports.payments.delete_confirm', {
        kind: payment ? translate(`reports.payments.kinds.${payment.kind}`) : '',
        amount: payment ? formatMoney(payment.amount) : '',
        date: payment ? formatDay(payment.paid_on) : '',
      })}
      confirm={translate('reports.payments.delete')}
      cancel={translate('common.cancel')}
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};

/** react-admin's create form for one entry; the report it belongs to is added on submit. */
const RecordPaymentDialog = ({ report, onClose }: { report: Report; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const title = translate('reports.payments.record');
  // What is left to pay, when something is: the common case is paying the balance in full.
  const owed = report.balance !== null && report.balance > 0 ? report.balance : undefined;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="record-payment-title">
      <DialogTitle id="record-payment-title">{title}</DialogTitle>
      <DialogContent sx={{ px: 1, pb: 0 }}>
        <CreateBase
          resource={REPORT_PAYMENTS}
          redirect={false}
          transform={(data: Record<string, unknown>) => ({
            ...data,
            reference: typeof data.reference === 'string' && data.reference.trim() ? data.reference.trim() : null,
            report_id: report.id,
          })}
          mutationOptions={{
            onSuccess: () => {
              notify('reports.payments.recorded', { type: 'success' });
              refresh();
              onClose();
            },
            onError: (error: unknown) => notify(errorMessage(error, 'reports.payments.save_failed'), { type: 'error' }),
          }}
        >
          <SimpleForm
            defaultValues={{ kind: 'payment', method: 'ach', paid_on: localToday(), amount: owed, reference: '' }}
            toolbar={
              <Toolbar sx={{ gap: 1, justifyContent: 'flex-end', bgcolor: 'transparent' }}>
                <Button onClick={onClose}>{translate('common.cancel')}</Button>
                <SaveButton label="reports.payments.save" alwaysEnable={false} />
              </Toolbar>
            }
          >
            <SelectInput
              source="kind"
              label="reports.payments.columns.kind"
              choices={KINDS.map((id) => ({ id, name: `reports.payments.kinds.${id}` }))}
              validate={required()}
              fullWidth
            />
            <DateInput
              source="paid_on"
              label="reports.payments.columns.paid_on"
              validate={[required(), validateNotFuture]}
              fullWidth
            />
            <NumberInput
              source="amount"
              label="reports.payments.columns.amount"
              // No min or step: the browser's own check would stop the form before it could say what is wrong.
              validate={[required(), validateAmount]}
              fullWidth
            />
            <SelectInput
              source="method"
              label="reports.payments.columns.method"
              choices={METHODS.map((id) => ({ id, name: `reports.payments.methods.${id}` }))}
              validate={required()}
              fullWidth
            />
            <TextInput
              source="reference"
              label="reports.payments.columns.reference"
              validate={maxLength(REFERENCE_MAX)}
              fullWidth
            />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
};
