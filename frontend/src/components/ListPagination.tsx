import { Box, Button, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useListContext, useTranslate } from 'react-admin';
import { pageItems, pageRange } from './pageItems';

interface Props {
  /** Where the list's texts live: `${messages}.label`, `.showing`, `.previous`, `.next`, `.page`. */
  messages: string;
  /** Test id of the 'Showing x to y of total results' line. */
  rangeTestId: string;
}

/**
 * 'Showing x to y of total results', arrows and numbered pages with ellipses; hidden with one page or none
 * (docs/product-spec.md §2). Presentation only: page, total and setPage are the react-admin list controller's.
 */
export const ListPagination = ({ messages, rangeTestId }: Props) => {
  const translate = useTranslate();
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (isPending || !total) return null;
  const totalPages = Math.ceil(total / perPage);
  if (totalPages <= 1) return null;
  const { from, to } = pageRange(page, perPage, total);

  return (
    <Box
      component="nav"
      aria-label={translate(`${messages}.label`)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid={rangeTestId}>
        {translate(`${messages}.showing`, { from, to, total })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          size="small"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
          aria-label={translate(`${messages}.previous`)}
        >
          <ChevronLeftIcon />
        </IconButton>
        {pageItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="small"
              variant={item === page ? 'contained' : 'text'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={translate(`${messages}.page`, { page: item })}
              onClick={() => setPage(item)}
              sx={{ minWidth: 36 }}
            >
              {item}
            </Button>
          ) : (
            <Typography key={item} component="span" color="text.secondary" sx={{ px: 0.5 }} aria-hidden>
              …
            </Typography>
          ),
        )}
        <IconButton
          size="small"
          disabled={page >= totalPages}
          onClick={() => setPage(page + 1)}
          aria-label={translate(`${messages}.next`)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
};
