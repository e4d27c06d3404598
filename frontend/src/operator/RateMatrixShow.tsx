import { useMemo, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { ShowBase, useShowContext, useTranslate } from 'react-admin';
import { formatDay, formatInstant } from '../calendar/displaySettings';
import { httpStatus } from '../providers/httpClient';
import { OPERATOR_RESOURCES } from '../providers/operatorProvider';
import type { OfficialMatrix, OfficialMatrixDetail, OfficialRate } from '../api/types';
import { PageSpinner } from '../layout/PageSpinner';
import { OperatorPage } from './OperatorPage';
import { OperatorGate } from './OperatorGate';
import { MatrixStatusChip } from './RateMatrixList';
import { MatrixDecision } from './MatrixDecision';

const ALL = 'all';
/**
 * The version with its rates has a cache entry of its own: react-admin seeds its getOne entry with the history's
 * rows and with what publishing answered, neither of which has rates, and they would stand in for the detail.
 */
const MATRIX_DETAIL_META = { detail: 'rates' };

/** One matrix version: where it came from, and its rates, one fuel type at a time. */
const RateMatrixShow = () => (
  <OperatorGate>
    <ShowBase
      resource={OPERATOR_RESOURCES.matrices}
      queryOptions={{ meta: MATRIX_DETAIL_META, onError: () => undefined }}
    >
      <RateMatrixShowView />
    </ShowBase>
  </OperatorGate>
);

const BackButton = () => {
  const translate = useTranslate();
  return (
    <Button component={Link} to={`/${OPERATOR_RESOURCES.matrices}`} startIcon={<ArrowBackIcon />} variant="outlined">
      {translate('operator.matrix.back')}
    </Button>
  );
};

const RateMatrixShowView = () => {
  const translate = useTranslate();
  const { record, isPending, error } = useShowContext<OfficialMatrixDetail>();
  if (isPending) return <PageSpinner />;
  if (error || !record) {
    const missing = httpStatus(error) === 404 || !error;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity={missing ? 'warning' : 'error'} sx={{ alignSelf: 'stretch' }}>
          {translate(missing ? 'operator.matrix.not_found' : 'operator.matrix.load_error')}
        </Alert>
        <BackButton />
      </Stack>
    );
  }
  return (
    <OperatorPage
      title={translate('operator.matrix.title', record)}
      actions={
        <Stack direction="row" spacing={1}>
          <MatrixDecision matrix={record} />
          <BackButton />
        </Stack>
      }
    >
      {record.status === 'held' ? <HeldReview matrix={record} /> : null}
      <MatrixFacts matrix={record} />
      <MatrixRates matrix={record} />
    </OperatorPage>
  );
};

/** Why a held version waits: every rate it would take from every account, one sentence a loss. */
const HeldReview = ({ matrix }: { matrix: OfficialMatrix }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="rate-matrix-review">
      <AlertTitle>{translate('operator.matrix.held_title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {matrix.review.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Alert>
  );
};

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ minWidth: 160 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

const MatrixFacts = ({ matrix }: { matrix: OfficialMatrixDetail }) => {
  const translate = useTranslate();
  const footnotes = Object.entries(matrix.footnotes);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="rate-matrix-facts">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <Fact label={translate('operator.matrices.columns.status')}>
          <MatrixStatusChip status={matrix.status} />
        </Fact>
        <Fact label={translate('operator.matrices.columns.rates')}>
          {translate('operator.matrix.rate_count', { smart_count: matrix.rate_count })}
        </Fact>
        <Fact label={translate('operator.matrices.columns.source')}>
          {translate(`operator.matrices.source_kind.${matrix.source_kind}`)}: {matrix.source}
        </Fact>
        <Fact label={translate('operator.matrices.columns.published_by')}>{matrix.published_by}</Fact>
        <Fact label={translate('operator.matrices.columns.fetched_at')}>{formatInstant(matrix.fetched_at, true)}</Fact>
        <Fact label={translate('operator.matrices.columns.applied_at')}>
          {matrix.applied_at ? formatInstant(matrix.applied_at, true) : translate('operator.matrices.not_applied')}
        </Fact>
        {matrix.restores_version !== null ? (
          <Fact label={translate('operator.matrix.restores')}>
            {translate('operator.matrix.restores_version', { version: matrix.restores_version })}
          </Fact>
        ) : null}
        {matrix.reason ? <Fact label={translate('operator.matrix.reason')}>{matrix.reason}</Fact> : null}
        <Fact label={translate('operator.matrix.checksum')}>
          <code style={{ fontSize: 12 }}>{matrix.checksum}</code>
        </Fact>
        {footnotes.length > 0 ? (
          <Fact label={translate('operator.matrix.footnotes')}>
            {footnotes.map(([code, marks]) => `${code}: #${marks.join(', #')}`).join('; ')}
          </Fact>
        ) : null}
      </Box>
    </Paper>
  );
};

const MatrixRates = ({ matrix }: { matrix: OfficialMatrixDetail }) => {
  // react-admin shows the history row (which has no rates) while the version itself loads.
  const rates = (matrix.rates as OfficialMatrixDetail['rates'] | undefined) ?? null;
  return rates ? <MatrixRateTable matrix={matrix} rates={rates} /> : <PageSpinner />;
};

const MatrixRateTable = ({ matrix, rates }: { matrix: OfficialMatrix; rates: OfficialRate[] }) => {
  const translate = useTranslate();
  const fuelTypes = useMemo(() => [...new Set(rates.map((rate) => rate.fuel_type))], [rates]);
  // Diesel first: it is what nearly every IFTA carrier files.
  const [fuelType, setFuelType] = useState<string>(() => (fuelTypes.includes('diesel') ? 'diesel' : ALL));
  const shown = rates.filter((rate) => fuelType === ALL || rate.fuel_type === fuelType);
  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={translate('operator.matrix.fuel_type')}
          value={fuelType}
          onChange={(event) => setFuelType(event.target.value)}
          fullWidth={false}
          sx={{ width: 200 }}
        >
          <MenuItem value={ALL}>{translate('operator.matrix.all_fuel_types')}</MenuItem>
          {fuelTypes.map((fuel) => (
            <MenuItem key={fuel} value={fuel}>
              {translate(`rateHistory.fuel_types.${fuel}`)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" data-testid="rate-matrix-rate-count">
          {translate('operator.matrix.showing', { shown: shown.length, total: rates.length })}
        </Typography>
      </Box>
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table size="small" stickyHeader aria-label={translate('operator.matrix.title', matrix)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('operator.matrix.columns.jurisdiction')}</TableCell>
              <TableCell>{translate('operator.matrix.columns.country')}</TableCell>
              <TableCell>{translate('operator.matrix.columns.fuel_type')}</TableCell>
              <TableCell>{translate('operator.matrix.columns.kind')}</TableCell>
              <TableCell align="right">{translate('operator.matrix.columns.rate')}</TableCell>
              <TableCell align="right">{translate('operator.matrix.columns.rate_cad')}</TableCell>
              <TableCell>{translate('operator.matrix.columns.effective_from')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((rate) => (
              <TableRow
                key={`${rate.code}-${rate.fuel_type}-${rate.kind}-${rate.effective_from}`}
                data-testid="matrix-rate-row"
              >
                <TableCell>
                  {rate.name} ({rate.code})
                </TableCell>
                <TableCell>{rate.country}</TableCell>
                <TableCell>{translate(`rateHistory.fuel_types.${rate.fuel_type}`)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate(`rateHistory.kinds.${rate.kind}`)}
                    color={rate.kind === 'surcharge' ? 'warning' : 'default'}
                  />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  ${rate.rate}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {rate.rate_cad_per_litre ?? '—'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(rate.effective_from)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
};

export default RateMatrixShow;
