import { useContext, useMemo } from 'react';
import { ConfigProvider, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isolate, isolatedQuantity } from '../../app/format';

/*
 * The dashboard's charts, drawn as SVG by the app itself: a grouped bar chart and a pie chart are all the spec asks
 * for (loaded versus remaining per vessel, the warehouses' total quantity, the transporters, a location's total), and
 * a chart library would add hundreds of kilobytes to the tabs for that. They follow the page's direction: in Arabic
 * the categories run from the right and the value axis stands on the right. Names (a vessel, a silo, 'Makkah Central
 * Ba…') are isolated like quantities, so a Latin name cut short keeps its ellipsis at its end in Arabic. Every bar and
 * slice names its value (a tooltip, and `data-value` for tests); the legend is HTML, so it wraps and mirrors like the
 * rest of the page.
 */

/** The colours of series and slices without one of their own, in order (distinct also for colour-blind readers). */
export const CHART_COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#f5222d', '#2f54eb', '#a0d911'] as const;

const colorAt = (index: number) => CHART_COLORS[index % CHART_COLORS.length] ?? '#1677ff';

export interface ChartSeries {
  key: string;
  label: string;
  color?: string;
  /** One value per category, in MT. */
  values: readonly number[];
}

function useDirection(): 'ltr' | 'rtl' {
  return useContext(ConfigProvider.ConfigContext).direction === 'rtl' ? 'rtl' : 'ltr';
}

/** About five round steps from zero to at least `max`. */
export function niceTicks(max: number): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ?? rough;
  const ticks: number[] = [];
  for (let value = 0; value < max + step / 2; value += step) ticks.push(Number(value.toFixed(6)));
  if ((ticks.at(-1) ?? 0) < max) ticks.push(Number(((ticks.at(-1) ?? 0) + step).toFixed(6)));
  return ticks;
}

/** A short axis label: 1.2K, 3.4M. */
function compact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

function Legend({ items, testId }: { items: { key: string; label: string; color: string }[]; testId: string }) {
  return (
    <Flex wrap gap={12} style={{ marginBottom: 8 }} data-testid={`${testId}-legend`} role="list">
      {items.map((item) => (
        <Flex key={item.key} align="center" gap={6} role="listitem" data-key={item.key}>
          <span aria-hidden style={{ display: 'inline-block', inlineSize: 12, blockSize: 12, borderRadius: 2, background: item.color }} />
          <Typography.Text>{item.label}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

export interface BarChartProps {
  /** The groups along the axis (e.g. vessels). */
  categories: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
  title?: string;
  testId?: string;
  /** One bar per category with the series on top of each other (a silo's quantity under its free capacity). */
  stacked?: boolean;
  /** A short text above each category's bars (a silo's '0.2%'), one per category. */
  barLabels?: readonly string[];
}

const MARGIN = { top: 12, bottom: 64, axis: 56, end: 12 };
const GROUP_WIDTH = 72;
/** Category labels are cut to this many characters (the tooltip names the whole category). */
const LABEL_CHARS = 18;
/** About the width of a character of the 11 px axis labels. */
const CHAR_WIDTH = 6.2;
/** The slant of labels too wide for their group. */
const SLANT_DEGREES = 35;

const labelOf = (category: string) => (category.length > LABEL_CHARS ? `${category.slice(0, LABEL_CHARS - 1)}…` : category);

/** A bar chart from a value axis at zero: one group per category, one bar per series side by side, or stacked. */
export function BarChart({ categories, series, height = 280, title, testId = 'dashboard-bar-chart', stacked = false, barLabels }: BarChartProps) {
  const { t } = useTranslation();
  const direction = useDirection();
  const colored = useMemo(() => series.map((s, index) => ({ ...s, color: s.color ?? colorAt(index) })), [series]);
  // Where each bar starts: zero side by side; stacked, the sum of the series below it in its category.
  const base = (seriesIndex: number, category: number) => (stacked ? colored.slice(0, seriesIndex).reduce((sum, s) => sum + Math.max(0, s.values[category] ?? 0), 0) : 0);
  // The top of a category's bars: its stack, or its tallest bar.
  const highest = (category: number) => (stacked ? base(colored.length, category) : Math.max(0, ...colored.map((s) => s.values[category] ?? 0)));
  const max = Math.max(0, ...categories.map((_, c) => highest(c)));
  if (categories.length === 0 || colored.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboardShared.noData')} data-testid={`${testId}-empty`} />;

  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(320, categories.length * GROUP_WIDTH);
  const groupWidth = plotWidth / categories.length;
  const widest = Math.max(...categories.map((c) => labelOf(c).length * CHAR_WIDTH));
  // Labels slant only when they do not fit their group. A slanted label hangs down from under its group, away from
  // the plot, towards the value axis (to the left in ltr, to the right in rtl: the text's end at the group, its start
  // lower), so the first label, next to the axis, needs room in the axis's margin.
  const rotate = widest > groupWidth - 8;
  const reach = rotate ? widest * Math.cos((SLANT_DEGREES * Math.PI) / 180) - groupWidth / 2 : 0;
  const axisMargin = MARGIN.axis + Math.max(0, Math.ceil(reach - MARGIN.axis + 8));
  const endMargin = MARGIN.end;
  const width = axisMargin + plotWidth + endMargin;
  // Room above the tallest bar for its label.
  const marginTop = MARGIN.top + (barLabels ? 14 : 0);
  const plotHeight = height - marginTop - MARGIN.bottom;
  const y = (value: number) => marginTop + plotHeight - (top > 0 ? (value / top) * plotHeight : 0);
  // Positions from the axis side; in rtl the axis stands on the right and everything mirrors.
  const x = (offset: number, size = 0) => (direction === 'rtl' ? width - axisMargin - offset - size : axisMargin + offset);
  const slots = stacked ? 1 : colored.length;
  const barWidth = stacked ? Math.min(36, groupWidth * 0.6) : Math.min(28, (groupWidth * 0.8) / slots);
  const axisX = direction === 'rtl' ? width - axisMargin : axisMargin;

  return (
    <div data-testid={testId} style={{ inlineSize: '100%', overflowX: 'auto' }}>
      <Legend items={colored} testId={testId} />
      <svg role="img" aria-label={title ? t('dashboardShared.chartLabel', { title }) : undefined} viewBox={`0 0 ${width} ${height}`} width={width} height={height} style={{ maxInlineSize: 'none', display: 'block' }}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={direction === 'rtl' ? endMargin : axisX} x2={direction === 'rtl' ? axisX : width - endMargin} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
            <text x={direction === 'rtl' ? axisX + 6 : axisX - 6} y={y(tick) + 4} fontSize={11} fill="#8c8c8c" textAnchor={direction === 'rtl' ? 'start' : 'end'}>
              {compact(tick)}
            </text>
          </g>
        ))}
        <line x1={axisX} x2={axisX} y1={marginTop} y2={marginTop + plotHeight} stroke="#d9d9d9" />
        {categories.map((category, c) => {
          const groupStart = c * groupWidth + (groupWidth - barWidth * slots) / 2;
          const labelX = x(c * groupWidth + groupWidth / 2);
          return (
            <g key={`${category}-${c}`} data-category={category}>
              {colored.map((s, i) => {
                const value = s.values[c] ?? 0;
                const from = base(i, c);
                const barTop = y(from + Math.max(0, value));
                return (
                  <rect
                    key={s.key}
                    data-testid={`${testId}-bar`}
                    data-series={s.key}
                    data-category={category}
                    data-value={value}
                    x={x(groupStart + (stacked ? 0 : i) * barWidth, barWidth)}
                    y={barTop}
                    width={barWidth}
                    height={Math.max(0, y(from) - barTop)}
                    fill={s.color}
                  >
                    <title>{`${isolate(category)} · ${s.label}: ${isolatedQuantity(value)}`}</title>
                  </rect>
                );
              })}
              {barLabels?.[c] ? (
                <text data-testid={`${testId}-bar-label`} x={labelX} y={y(highest(c)) - 4} fontSize={11} fill="#262626" textAnchor="middle">
                  {barLabels[c]}
                </text>
              ) : null}
              <text
                x={labelX}
                y={marginTop + plotHeight + 14}
                fontSize={11}
                fill="#595959"
                textAnchor={rotate ? 'end' : 'middle'}
                transform={rotate ? `rotate(${direction === 'rtl' ? SLANT_DEGREES : -SLANT_DEGREES} ${labelX} ${marginTop + plotHeight + 14})` : undefined}
              >
                {isolate(labelOf(category))}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export interface PieSlice {
  key: string;
  label: string;
  /** In MT; slices of zero or less are left out. */
  value: number;
  color?: string;
}

export interface PieChartProps {
  slices: readonly PieSlice[];
  size?: number;
  title?: string;
  testId?: string;
}

/** The SVG path of a slice from `start` to `end` (fractions of the circle, clockwise from the top). */
function arcPath(cx: number, cy: number, r: number, start: number, end: number): string {
  const point = (fraction: number) => [cx + r * Math.sin(2 * Math.PI * fraction), cy - r * Math.cos(2 * Math.PI * fraction)] as const;
  const [x1, y1] = point(start);
  const [x2, y2] = point(end);
  const large = end - start > 0.5 ? 1 : 0;
  return `M ${cx} ${cy} L ${x1.toFixed(3)} ${y1.toFixed(3)} A ${r} ${r} 0 ${large} 1 ${x2.toFixed(3)} ${y2.toFixed(3)} Z`;
}

/** A pie chart of the positive slices, each with its share and value in a tooltip, and a legend. */
export function PieChart({ slices, size = 220, title, testId = 'dashboard-pie-chart' }: PieChartProps) {
  const { t } = useTranslation();
  const shown = useMemo(() => slices.map((s, index) => ({ ...s, color: s.color ?? colorAt(index) })).filter((s) => s.value > 0), [slices]);
  const total = shown.reduce((sum, s) => sum + s.value, 0);
  if (shown.length === 0 || !(total > 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboardShared.noData')} data-testid={`${testId}-empty`} />;
  const r = size / 2 - 4;
  const c = size / 2;
  let start = 0;
  return (
    <div data-testid={testId}>
      <Legend items={shown} testId={testId} />
      <svg role="img" aria-label={title ? t('dashboardShared.chartLabel', { title }) : undefined} viewBox={`0 0 ${size} ${size}`} width={size} height={size} style={{ display: 'block', marginInline: 'auto' }}>
        {shown.map((slice) => {
          const share = slice.value / total;
          const end = start + share;
          const tooltip = `${isolate(slice.label)}: ${isolatedQuantity(slice.value)} (${isolate(`${(share * 100).toFixed(1)}%`)})`;
          const shape =
            shown.length === 1 ? (
              <circle key={slice.key} data-testid={`${testId}-slice`} data-key={slice.key} data-value={slice.value} cx={c} cy={c} r={r} fill={slice.color}>
                <title>{tooltip}</title>
              </circle>
            ) : (
              <path key={slice.key} data-testid={`${testId}-slice`} data-key={slice.key} data-value={slice.value} d={arcPath(c, c, r, start, end)} fill={slice.color} stroke="#fff" strokeWidth={1}>
                <title>{tooltip}</title>
              </path>
            );
          start = end;
          return shape;
        })}
      </svg>
    </div>
  );
}
