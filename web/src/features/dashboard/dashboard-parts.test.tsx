import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { loadTestLanguage } from '../../test/i18n';
import { BarChart, niceTicks, PieChart } from './charts';
import { filterQuery } from './DashboardFilters';
import { DrillDownCard, TripsCell, useDrillDown, type DrillPanel } from './drill-down';

/** The parts every dashboard tab is built of: the filters' query, the drill-down path, the charts. */
beforeAll(async () => {
  await loadTestLanguage('en');
});

describe('filterQuery', () => {
  it('drops empty values, joins id lists and turns the silo choice into siloIds or openAreaOnly', () => {
    expect(filterQuery({ voyageId: 3, smIds: [4, 5], consigneeId: undefined, fromDate: '2026-01-02', silos: [7, 8] })).toEqual({
      voyageId: '3',
      smIds: '4,5',
      fromDate: '2026-01-02',
      siloIds: '7,8',
    });
    expect(filterQuery({ locationId: 2, silos: ['openArea'] })).toEqual({ locationId: '2', openAreaOnly: 'true' });
    expect(filterQuery({ smIds: [], silos: [] })).toEqual({});
  });
});

describe('useDrillDown', () => {
  it('opening a panel hides every panel at its level or deeper; closing a level closes the deeper ones', () => {
    const { result } = renderHook(() => useDrillDown<DrillPanel>());
    act(() => result.current.open({ level: 1, key: 'vessel-1' }));
    act(() => result.current.open({ level: 2, key: 'lc-1' }));
    act(() => result.current.open({ level: 3, key: 'port-1' }));
    expect(result.current.panels.map((p) => p.key)).toEqual(['vessel-1', 'lc-1', 'port-1']);
    act(() => result.current.open({ level: 2, key: 'lc-2' }));
    expect(result.current.panels.map((p) => p.key)).toEqual(['vessel-1', 'lc-2']);
    act(() => result.current.open({ level: 1, key: 'vessel-2' }));
    expect(result.current.panels.map((p) => p.key)).toEqual(['vessel-2']);
    act(() => result.current.open({ level: 2, key: 'lc-3' }));
    act(() => result.current.close(1));
    expect(result.current.panels).toEqual([]);
    act(() => result.current.open({ level: 1, key: 'vessel-3' }));
    act(() => result.current.reset());
    expect(result.current.panels).toEqual([]);
  });

  it('a trips cell reads "trips / (quantity)" left to right, also in a right-to-left page', () => {
    const { container } = render(
      <ConfigProvider direction="rtl">
        <TripsCell trips={3} quantity="97.29" />
      </ConfigProvider>,
    );
    const isolated = container.querySelector('bdi');
    expect(isolated?.getAttribute('dir')).toBe('ltr');
    expect(isolated?.textContent).toBe('3 / (97.290 MT)');
  });

  it('the panel card closes its own level', () => {
    const closed: number[] = [];
    render(
      <DrillDownCard title="LC" level={2} onClose={(level) => closed.push(level)} testId="panel">
        body
      </DrillDownCard>,
    );
    fireEvent.click(screen.getByTestId('panel-close'));
    expect(closed).toEqual([2]);
  });
});

describe('charts', () => {
  it('niceTicks reaches the maximum in round steps', () => {
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(95)).toEqual([0, 20, 40, 60, 80, 100]);
    const ticks = niceTicks(12_345.678);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(12_345.678);
  });

  it('draws one bar per series and category with its value, and mirrors in right-to-left', () => {
    const props = {
      categories: ['MV One', 'MV Two', 'MV Three'],
      series: [
        { key: 'loaded', label: 'Loaded', values: [10, 20.5, 0] },
        { key: 'remaining', label: 'Remaining', values: [5, 0, 30] },
      ],
      testId: 'bars',
    };
    const { unmount } = render(<BarChart {...props} />);
    const bars = screen.getAllByTestId('bars-bar');
    expect(bars).toHaveLength(6);
    expect(bars.map((bar) => [bar.getAttribute('data-series'), bar.getAttribute('data-category'), bar.getAttribute('data-value')])).toEqual([
      ['loaded', 'MV One', '10'],
      ['remaining', 'MV One', '5'],
      ['loaded', 'MV Two', '20.5'],
      ['remaining', 'MV Two', '0'],
      ['loaded', 'MV Three', '0'],
      ['remaining', 'MV Three', '30'],
    ]);
    // The quantity isolated (FSI ... PDI), so an Arabic tooltip keeps '20.500 MT' in its order.
    expect(bars[2]?.querySelector('title')?.textContent).toBe('\u2068MV Two\u2069 · Loaded: \u206820.500 MT\u2069');
    // The tallest bar is the highest value.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[5]);
    const ltrFirst = Number(bars[0]?.getAttribute('x'));
    const ltrLast = Number(bars[5]?.getAttribute('x'));
    expect(ltrFirst).toBeLessThan(ltrLast);
    unmount();

    render(
      <ConfigProvider direction="rtl">
        <BarChart {...props} />
      </ConfigProvider>,
    );
    const mirrored = screen.getAllByTestId('bars-bar');
    expect(Number(mirrored[0]?.getAttribute('x'))).toBeGreaterThan(Number(mirrored[5]?.getAttribute('x')));
  });

  it('stacks the series into one bar per category when asked, in both directions', () => {
    const props = {
      categories: ['Silo 1', 'Silo 2'],
      series: [
        { key: 'quantity', label: 'Quantity', values: [300, 0] },
        { key: 'free', label: 'Free', values: [700, 500] },
      ],
      testId: 'silos',
      stacked: true,
    };
    for (const direction of ['ltr', 'rtl'] as const) {
      const { unmount } = render(
        <ConfigProvider direction={direction}>
          <BarChart {...props} />
        </ConfigProvider>,
      );
      const bars = screen.getAllByTestId('silos-bar');
      const box = (index: number): [number, number, number, number] => {
        const read = (name: string) => Number(bars[index]?.getAttribute(name));
        return [read('x'), read('y'), read('width'), read('height')];
      };
      const [q1x, q1y, q1w, q1h] = box(0);
      const [f1x, f1y, f1w, f1h] = box(1);
      // One column per silo: the free capacity stands on the quantity, same place and width.
      expect([f1x, f1w]).toEqual([q1x, q1w]);
      expect(f1y + f1h).toBeCloseTo(q1y, 6);
      // The bar's height is the silo's capacity: 300 + 700 = 1000 against 500 for the empty silo beside it.
      expect(q1h + f1h).toBeCloseTo(2 * (box(2)[3] + box(3)[3]), 6);
      expect(q1h / f1h).toBeCloseTo(300 / 700, 6);
      // The axis reaches the highest stack, not the highest single value.
      expect(screen.getAllByText('1K').length).toBeGreaterThan(0);
      const [q2x] = box(2);
      expect(direction === 'ltr' ? q1x < q2x : q1x > q2x).toBe(true);
      unmount();
    }
  });

  it('slants only labels too wide for their group, and leaves room for the first one before the axis', () => {
    const { container, unmount } = render(<BarChart testId="short" categories={['MV One', 'MV Two']} series={[{ key: 'a', label: 'A', values: [1, 2] }]} />);
    expect([...container.querySelectorAll('g[data-category] text')].every((label) => label.getAttribute('transform') === null)).toBe(true);
    unmount();
    const long = Array.from({ length: 8 }, (_, i) => `MV Nile Harvest ${i} / 2614E`);
    const { container: slanted } = render(<BarChart testId="long" categories={long} series={[{ key: 'a', label: 'A', values: long.map((_, i) => i) }]} />);
    const labels = [...slanted.querySelectorAll('g[data-category] text')];
    expect(labels.every((label) => label.getAttribute('transform')?.startsWith('rotate(-35'))).toBe(true);
    // The first label (17 characters and an ellipsis, about 112 px) slants back about 92 px from its group's middle.
    const firstX = Number(labels[0]?.getAttribute('x'));
    expect(firstX - 18 * 6.2 * Math.cos((35 * Math.PI) / 180)).toBeGreaterThanOrEqual(0);
    // Isolated, so in Arabic the ellipsis stays at the Latin name's end (it showed '…MV Nile Harvest 0').
    expect(labels[0]?.textContent).toBe('\u2068MV Nile Harvest 0…\u2069');
  });

  it('in right-to-left the labels hang down to the right, mirrored, and the first (rightmost) keeps its room', () => {
    const long = Array.from({ length: 8 }, (_, i) => `MV Nile Harvest ${i} / 2614E`);
    const { container } = render(
      <ConfigProvider direction="rtl">
        <BarChart testId="long" categories={long} series={[{ key: 'a', label: 'A', values: long.map((_, i) => i) }]} />
      </ConfigProvider>,
    );
    const labels = [...container.querySelectorAll('g[data-category] text')];
    // The text's end (its left end in a right-to-left line) at the group, turned clockwise: it runs right and down,
    // below the axis, never up into the bars (with 'start' it rose up to the left, over the plot).
    expect(labels.every((label) => label.getAttribute('transform')?.startsWith('rotate(35') && label.getAttribute('text-anchor') === 'end')).toBe(true);
    const width = Number(container.querySelector('svg')?.getAttribute('width'));
    const firstX = Number(labels[0]?.getAttribute('x'));
    expect(firstX + 18 * 6.2 * Math.cos((35 * Math.PI) / 180)).toBeLessThanOrEqual(width);
    expect(firstX).toBeGreaterThan(Number(labels.at(-1)?.getAttribute('x')));
  });

  it('a pie leaves out empty slices, names each share, and says when there is nothing to draw', () => {
    const { unmount } = render(
      <PieChart
        testId="pie"
        slices={[
          { key: 'a', label: 'Jeddah', value: 75 },
          { key: 'b', label: 'Yanbu', value: 25 },
          { key: 'c', label: 'Empty', value: 0 },
        ]}
      />,
    );
    const slices = screen.getAllByTestId('pie-slice');
    expect(slices.map((slice) => slice.getAttribute('data-key'))).toEqual(['a', 'b']);
    expect(slices[0]?.querySelector('title')?.textContent).toBe('\u2068Jeddah\u2069: \u206875.000 MT\u2069 (\u206875.0%\u2069)');
    expect(screen.getByTestId('pie-legend').textContent).toContain('Yanbu');
    unmount();
    render(<PieChart testId="pie" slices={[{ key: 'a', label: 'Jeddah', value: 0 }]} />);
    expect(screen.getByTestId('pie-empty')).toBeTruthy();
  });
});
