import { useTranslation } from 'react-i18next';
import type { TBuilderDefinition, TBuilderResult } from '@tonnage/contracts';
import { BarChart, PieChart } from '../dashboard/charts';

/*
 * The builder's chart (a lazy chunk of the page, loaded only when a report asks for a chart): the dashboard's own SVG
 * bar and pie charts over the page's rows, one category per row (its grouping values), the chosen measure's values.
 */

export interface BuilderChartProps {
  definition: TBuilderDefinition;
  result: TBuilderResult;
  /** A row's category label (its grouping values, translated where coded). */
  categoryOf: (row: TBuilderResult['rows'][number]) => string;
  measureLabel: string;
}

export default function BuilderChart({ definition, result, categoryOf, measureLabel }: BuilderChartProps) {
  const { t } = useTranslation();
  const chart = definition.chart;
  if (!chart) return null;
  const values = result.rows.map((row) => Number(row[chart.measure] ?? 0));
  const categories = result.rows.map(categoryOf);
  if (chart.type === 'pie') {
    return <PieChart slices={categories.map((label, i) => ({ key: `${i}`, label, value: values[i] ?? 0 }))} title={measureLabel} testId="builder-pie-chart" />;
  }
  return <BarChart categories={categories} series={[{ key: chart.measure, label: measureLabel || t('reportBuilder.chart'), values }]} title={measureLabel} testId="builder-bar-chart" />;
}
