import { Chip } from '@mui/material';
import type { Tone } from './statusRules';

/** docs/product-spec.md §4 names yellow and orange apart, which MUI's palette does not; each tone has its own pair. */
const TONES: Record<Tone, { color: string; bg: string }> = {
  green: { color: '#166534', bg: '#dcfce7' },
  blue: { color: '#1e40af', bg: '#dbeafe' },
  yellow: { color: '#854d0e', bg: '#fef9c3' },
  orange: { color: '#9a3412', bg: '#ffedd5' },
  red: { color: '#991b1b', bg: '#fee2e2' },
  gray: { color: '#374151', bg: '#f3f4f6' },
};

/** A status badge in one of the spec's colours; `data-tone` lets tests check the colour by name. */
export const ToneChip = ({ label, tone, testId }: { label: string; tone: Tone; testId?: string }) => (
  <Chip
    size="small"
    label={label}
    data-tone={tone}
    data-testid={testId}
    sx={{ color: TONES[tone].color, bgcolor: TONES[tone].bg, fontWeight: 600 }}
  />
);
