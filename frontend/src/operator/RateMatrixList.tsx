import {
  Button,
  Link as MuiLink,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link, useNavigate } from 'react-router-dom';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { formatInstant } from '../calendar/displaySettings';
import { OPERATOR_RESOURCES } from '../providers/operatorProvider';
import type { OfficialMatrix } from '../api/types';
import { OperatorPage } from './OperatorPage';
import { ListStateRow } from './ListState';

const COLUMNS = ['quarter', 'version', 'status', 'source', 'published_by', 'fetched_at', 'applied_at'] as const;

/** Every official matrix version, newest quarter first: what every account's tables were given, when and by whom. */
const RateMatrixList = () => {
  const translate = useTranslate();
  return (
    <OperatorPage
      title={translate('operator.matrices.title')}
      subtitle={translate('operator.matrices.subtitle')}
      actions={
        <Button
          component={Link}
          to={`/${OPERATOR_RESOURCES.matrices}/create`}
          variant="contained"
          startIcon={<UploadFileIcon />}
        >
          {translate('operator.matrices.upload')}
        </Button>
      }
    >
      <ListBase resource={OPERATOR_RESOURCES.matrices} perPage={20} disableSyncWithLocation>
        <Paper variant="outlined">
          <MatrixTable />
          <ListPagination messages="operator.pagination" rangeTestId="rate-matrix-range" />
        </Paper>
      </ListBase>
    </OperatorPage>
  );
};

export const MatrixStatusChip = ({ status }: { status: OfficialMatrix['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`operator.matrices.status.${status}`)}
      color={status === 'published' ? 'success' : status === 'held' ? 'warning' : 'default'}
      variant={status === 'superseded' ? 'outlined' : 'filled'}
      data-testid="matrix-status"
    />
  );
};

const MatrixTable = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data } = useListContext<OfficialMatrix>();
  const open = (matrix: OfficialMatrix) => navigate(`/${OPERATOR_RESOURCES.matrices}/${matrix.id}/show`);
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('operator.matrices.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`operator.matrices.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <ListStateRow columns={COLUMNS.length} emptyKey="operator.matrices.empty" />
          {(data ?? []).map((matrix) => (
            <TableRow
              key={matrix.id}
              hover
              data-testid="rate-matrix-row"
              sx={{ cursor: 'pointer' }}
              onClick={() => open(matrix)}
            >
              <TableCell sx={{ fontWeight: 600 }}>
                <MuiLink
                  component={Link}
                  to={`/${OPERATOR_RESOURCES.matrices}/${matrix.id}/show`}
                  aria-label={translate('operator.matrices.open', matrix)}
                  underline="hover"
                  onClick={(event) => event.stopPropagation()}
                >
                  {matrix.quarter}
                </MuiLink>
              </TableCell>
              <TableCell>{matrix.version}</TableCell>
              <TableCell>
                <MatrixStatusChip status={matrix.status} />
              </TableCell>
              <TableCell sx={{ maxWidth: 260 }}>
                <Tooltip title={matrix.source}>
                  <span>
                    {translate(`operator.matrices.source_kind.${matrix.source_kind}`)}
                    <br />
                    <small style={{ overflowWrap: 'anywhere' }}>{matrix.source}</small>
                  </span>
                </Tooltip>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{matrix.published_by}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(matrix.fetched_at, true)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {matrix.applied_at
                  ? formatInstant(matrix.applied_at, true)
                  : translate('operator.matrices.not_applied')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export default RateMatrixList;
