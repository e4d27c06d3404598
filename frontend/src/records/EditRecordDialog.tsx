import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { failureReason } from '../notifications/useNotifyFailure';
import { type RecordKind, type RecordRow, RECORD_RESOURCES, refreshRecords } from '../providers/recordsProvider';
import { todayForAccount } from '../calendar/displaySettings';
import { ReceiptAttachment } from './ReceiptAttachment';

/** The fields a person edits, as text while typed. */
type Draft = Record<string, string | boolean>;

/** What a trip sheet adds to a segment (the trip it belongs to, its driver, origin and destination), all optional. */
const TRIP_SHEET_FIELDS = [
  'trip_number',
  'driver',
  'origin_city',
  'origin_jurisdiction',
  'destination_city',
  'destination_jurisdiction',
] as const;
const emptySheet = Object.fromEntries(TRIP_SHEET_FIELDS.map((field) => [field, '']));

/** A new record starts on today, taxable and tax-paid, as most are. */
const blank = (kind: RecordKind): Draft =>
  kind === 'trips'
    ? {
        date: todayForAccount(),
        unit: '',
        jurisdiction: '',
        miles: '',
        taxable: true,
        odometer_start: '',
        odometer_end: '',
        ...emptySheet,
      }
    : {
        date: todayForAccount(),
        unit: '',
        jurisdiction: '',
        quantity: '',
        tax_paid: true,
        receipt_number: '',
        vendor: '',
        vendor_address: '',
        total_price: '',
      };

const draftOf = (kind: RecordKind, row: RecordRow): Draft =>
  kind === 'trips'
    ? {
        date: row.date,
        unit: row.unit,
        jurisdiction: row.jurisdiction,
        miles: String(row.miles),
        taxable: row.taxable,
        odometer_start: row.odometer_start === null ? '' : String(row.odometer_start),
        odometer_end: row.odometer_end === null ? '' : String(row.odometer_end),
        ...Object.fromEntries(TRIP_SHEET_FIELDS.map((field) => [field, row[field] ?? ''])),
      }
    : {
        date: row.date,
        unit: row.unit,
        jurisdiction: row.jurisdiction,
        quantity: String(row.quantity),
        tax_paid: row.tax_paid,
        receipt_number: row.receipt_number,
        vendor: row.vendor,
        vendor_address: row.vendor_address,
        total_price: row.total_price === null ? '' : String(row.total_price),
      };

const bodyOf = (kind: RecordKind, draft: Draft, row: RecordRow | undefined) =>
  kind === 'trips'
    ? {
        date: draft.date,
        unit: draft.unit,
        jurisdiction: draft.jurisdiction,
        miles: Number(draft.miles),
        taxable: draft.taxable,
        ...(draft.taxable ? {} : { non_taxable_reason: row?.non_taxable_reason ?? undefined }),
        // An empty reading is none: the trip sheet gave the route instead.
        odometer_start: draft.odometer_start === '' ? null : Number(draft.odometer_start),
        odometer_end: draft.odometer_end === '' ? null : Number(draft.odometer_end),
        // The trip it belongs to and where it went: optional, an empty field is none.
        ...Object.fromEntries(
          TRIP_SHEET_FIELDS.map((field) => [field, (draft[field] as string).trim() === '' ? null : draft[field]]),
        ),
      }
    : {
        date: draft.date,
        unit: draft.unit,
        jurisdiction: draft.jurisdiction,
        quantity: Number(draft.quantity),
        quantity_unit: row?.quantity_unit ?? 'gal',
        fuel_type: row?.fuel_type ?? 'diesel',
        tax_paid: draft.tax_paid,
        vendor: draft.vendor,
        receipt_number: draft.receipt_number,
        vendor_address: draft.vendor_address,
        total_price: draft.total_price === '' ? null : Number(draft.total_price),
      };

/**
 * Adds (no `row`) or edits one trip or fuel purchase; the server's 400 (naming the field) or 409 (a final report's
 * record) shows here, and the form keeps what was typed.
 */
export const EditRecordDialog = ({
  kind,
  row,
  onClose,
}: {
  kind: RecordKind;
  row?: RecordRow;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (row ? draftOf(kind, row) : blank(kind)));
  const resource = RECORD_RESOURCES[kind];
  const [create, creation] = useCreate();
  const [update, updating] = useUpdate();
  const pending = creation.isPending || updating.isPending;
  const failure = row ? updating.error : creation.error;
  const saved = async () => {
    notify(row ? 'records.edit.saved' : 'records.add.saved', { type: 'success' });
    await refreshRecords(queryClient);
    onClose();
  };
  // Pessimistic: the dialog stays open on the server's 400 or 409 and shows it, keeping what was typed.
  const save = () =>
    row
      ? update(
          resource,
          { id: row.id, data: bodyOf(kind, draft, row), previousData: row },
          { mutationMode: 'pessimistic', onSuccess: saved },
        )
      : create(resource, { data: bodyOf(kind, draft, undefined) }, { onSuccess: saved });
  const text = (field: string, type = 'text') => (
    <TextField
      key={field}
      name={field}
      type={type}
      label={translate(`records.columns.${field}`)}
      value={draft[field] as string}
      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
  const flag = (field: string) => (
    <FormControlLabel
      key={field}
      control={
        <Checkbox
          checked={draft[field] as boolean}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.checked })}
        />
      }
      label={translate(`records.columns.${field}`)}
    />
  );
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="edit-title">
      <DialogTitle id="edit-title">{translate(`records.${row ? 'edit' : 'add'}.title.${kind}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {text('date', 'date')}
          {text('unit')}
          {text('jurisdiction')}
          {kind === 'trips'
            ? [
                text('miles', 'number'),
                flag('taxable'),
                text('odometer_start', 'number'),
                text('odometer_end', 'number'),
                ...TRIP_SHEET_FIELDS.map((field) => text(field)),
              ]
            : [
                text('quantity', 'number'),
                flag('tax_paid'),
                text('vendor'),
                text('vendor_address'),
                text('total_price', 'number'),
                text('receipt_number'),
              ]}
          {kind === 'fuel' && row ? <ReceiptAttachment purchase={row} /> : null}
          {failure ? (
            <Alert severity="error" role="alert">
              {failureReason(failure, translate)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {translate('records.import.cancel')}
        </Button>
        <Button variant="contained" disabled={pending} onClick={() => void save()}>
          {translate('records.edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
