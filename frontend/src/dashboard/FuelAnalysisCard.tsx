import { Box, List, ListItem, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { DashboardCard } from './DashboardCard';
import { formatGallons } from './format';
import { OVERPURCHASE_COLOR, UNDERPURCHASE_COLOR } from './chartStyle';
import type { StateNetGallons } from '../api/types';

/** docs/product-spec.md §9: Fuel Analysis shows 2 states per list (the API keeps 3). */
const STATES_SHOWN = 2;

const StateList = ({
  title,
  states,
  color,
  testId,
}: {
  title: string;
  states: StateNetGallons[];
  color: string;
  testId: string;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, color }}>
        {title}
      </Typography>
      {states.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('dashboard.fuel.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {states.slice(0, STATES_SHOWN).map((state) => (
            <ListItem key={state.name} disableGutters sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {state.name}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {translate('dashboard.fuel.gallons', { value: formatGallons(state.net_gallons, locale) })}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

/** Fuel Analysis: states bought well beyond (Overpurchase) or short of (Underpurchase) what was burned there. */
export const FuelAnalysisCard = ({ over, under }: { over: StateNetGallons[]; under: StateNetGallons[] }) => {
  const translate = useTranslate();
  return (
    <DashboardCard title={translate('dashboard.fuel.title')} testId="fuel-analysis">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        <StateList
          title={translate('dashboard.fuel.overpurchase')}
          states={over}
          color={OVERPURCHASE_COLOR}
          testId="overpurchase"
        />
        <StateList
          title={translate('dashboard.fuel.underpurchase')}
          states={under}
          color={UNDERPURCHASE_COLOR}
          testId="underpurchase"
        />
      </Box>
    </DashboardCard>
  );
};
