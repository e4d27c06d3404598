import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useLocale, useTranslate } from 'react-admin';
import { chartHeight, OVERPURCHASE_COLOR, UNDERPURCHASE_COLOR } from './chartStyle';
import { formatAxisGallons, formatGallons } from './format';
import type { StateNetGallons } from '../api/types';

/**
 * Net gallons per state as horizontal bars: a long list of states reads top to bottom on a phone as on a
 * laptop, and the names never have to be turned. Loaded as its own chunk (recharts is large) by NetGallonsCard.
 */
const NetGallonsChart = ({ states }: { states: StateNetGallons[] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const longestName = Math.max(...states.map((state) => state.name.length));
  // About 7 px per character at 12 px, within bounds that leave the bars most of a phone's width.
  const axisWidth = Math.min(120, Math.max(32, longestName * 7 + 8));
  const gallons = (value: number) => translate('dashboard.fuel.gallons', { value: formatGallons(value, locale) });
  return (
    <ResponsiveContainer width="100%" height={chartHeight(states.length)}>
      <BarChart
        data={states}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
        barCategoryGap={4}
        accessibilityLayer
        aria-label={translate('dashboard.chart.aria')}
      >
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis
          type="number"
          orientation="top"
          tick={{ fontSize: 12 }}
          tickFormatter={(value: number) => formatAxisGallons(value, locale)}
        />
        <YAxis type="category" dataKey="name" width={axisWidth} tick={{ fontSize: 12 }} interval={0} />
        <ReferenceLine x={0} stroke="#475569" />
        <Tooltip
          formatter={(value) => [gallons(Number(value)), translate('dashboard.chart.net')]}
          cursor={{ fill: 'rgba(15, 23, 42, 0.06)' }}
        />
        <Bar dataKey="net_gallons" isAnimationActive={false}>
          {states.map((state) => (
            <Cell key={state.name} fill={state.net_gallons < 0 ? OVERPURCHASE_COLOR : UNDERPURCHASE_COLOR} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
};

export default NetGallonsChart;
