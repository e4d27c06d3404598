import { Grid, MenuItem, TextField } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import { useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import { modeOf } from './calculatorState';
import { atStoredScale } from './storedScale';
import { taxPeriodOptions, type GeneralInfo } from './types';

interface Props {
  info: GeneralInfo;
  onChange: (patch: Partial<GeneralInfo>) => void;
}

/** General Information (docs/product-spec.md §2): Company Name and Average MPG are required; MPG steps by 0.1. */
export const GeneralInfoSection = ({ info, onChange }: Props) => {
  const translate = useTranslate();
  // A reopened report may carry a period outside those offered; it stays selectable.
  const offered = taxPeriodOptions();
  const periods = offered.includes(info.taxPeriod) ? offered : [info.taxPeriod, ...offered];
  return (
    <SectionCard id="general-info" title={translate('calculator.general.title')} icon={<BusinessIcon />}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <TextField
            required
            name="companyName"
            label={translate('calculator.general.company_name')}
            value={info.companyName}
            onChange={(event) => onChange({ companyName: event.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <TextField
            name="iftaLicenseNumber"
            label={translate('calculator.general.ifta_license')}
            value={info.iftaLicenseNumber}
            onChange={(event) => onChange({ iftaLicenseNumber: event.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <TextField
            select
            name="taxPeriod"
            label={translate('calculator.general.tax_period')}
            value={info.taxPeriod}
            onChange={(event) => onChange({ taxPeriod: event.target.value })}
          >
            {periods.map((period) => (
              <MenuItem key={period} value={period}>
                {period}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {/* The official return is computed on each fuel's fleet MPG only: a typed MPG is the worksheet's. */}
        {modeOf(info) === 'worksheet' ? (
          <Grid size={{ xs: 12, md: 6, lg: 3 }}>
            <TextField
              required
              type="number"
              name="averageMPG"
              label={translate('calculator.general.average_mpg')}
              value={info.averageMPG}
              onChange={(event) => onChange({ averageMPG: event.target.value })}
              onBlur={() => onChange({ averageMPG: atStoredScale(info.averageMPG, 'mpg') })}
              slotProps={{ htmlInput: { min: 0, step: 0.1, inputMode: 'decimal' } }}
            />
          </Grid>
        ) : null}
      </Grid>
    </SectionCard>
  );
};
