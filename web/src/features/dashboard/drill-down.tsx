import { useCallback, useState, type ReactNode, type UIEvent } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Typography, type TableColumnType, type TableProps } from 'antd';
import { TRIP_PAGE_SIZE, tripListCursor } from '@tonnage/contracts';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../app/format';
import { QuantityText } from '../../components/QuantityText';

/*
 * The dashboard's drill-downs (spec 2.13): a click opens a panel one level deeper; opening a panel hides every panel
 * at its own level or deeper, so the page shows one path from the summary down. Tables have a maximum height of
 * 500 and no pagination unless the spec says otherwise.
 */

/** An open panel: its level (1 = first below the summary) and a key naming what it shows. */
export interface DrillPanel {
  level: number;
  key: string;
}

/** The panels on a path: `open` drops every panel at the new one's level or deeper and adds it; `close(level)` drops that level and deeper. */
export function useDrillDown<P extends DrillPanel>() {
  const [panels, setPanels] = useState<readonly P[]>([]);
  const open = useCallback((panel: P) => setPanels((current) => [...current.filter((p) => p.level < panel.level), panel]), []);
  const close = useCallback((level: number) => setPanels((current) => current.filter((p) => p.level < level)), []);
  const reset = useCallback(() => setPanels([]), []);
  return { panels, open, close, reset };
}

export interface DrillDownCardProps {
  title: ReactNode;
  level: number;
  onClose: (level: number) => void;
  children: ReactNode;
  extra?: ReactNode;
  testId: string;
}

/** A drill-down panel: a card with its title, an optional extra (export button ...) and a close button. */
export function DrillDownCard({ title, level, onClose, children, extra, testId }: DrillDownCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      style={{ marginBlockStart: 16 }}
      title={title}
      data-testid={testId}
      data-level={level}
      extra={
        <>
          {extra}
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('dashboardShared.close')} onClick={() => onClose(level)} data-testid={`${testId}-close`} />
        </>
      }
    >
      {children}
    </Card>
  );
}

/** A dashboard table: scrolls within 500 px, no pagination (pass `pagination` where the spec pages). */
export function DashboardTable<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" pagination={false} scroll={{ x: 'max-content', y: 500 }} {...props} />;
}

/** A quantity column (MT strings or numbers), right-aligned with 3 decimals, sortable by its value. */
export function tonnesColumn<T extends object>(title: ReactNode, dataIndex: keyof T & string, extra: Partial<TableColumnType<T>> = {}): TableColumnType<T> {
  const valueOf = (row: T) => Number((row as Record<string, unknown>)[dataIndex] ?? 0);
  return {
    title,
    dataIndex,
    key: dataIndex,
    align: 'end',
    render: (value: unknown) => <QuantityText data-quantity={dataIndex} value={typeof value === 'number' || typeof value === 'string' ? value : 0} />,
    sorter: (a: T, b: T) => valueOf(a) - valueOf(b),
    ...extra,
  };
}

/**
 * Trips and quantity in one cell, as the spec's 'Trips In / (Qty. MT)' columns show them: `12 / (345.000 MT)`. The
 * figure reads left to right in Arabic too (isolated), as the column title's order says; otherwise the bidi algorithm
 * would turn it into `(MT 345.000) / 12`.
 */
export function TripsCell({ trips, quantity }: { trips: number; quantity: string | number }) {
  return (
    <Typography.Text>
      <bdi dir="ltr">
        {trips} / ({formatQuantity(quantity)})
      </bdi>
    </Typography.Text>
  );
}

/** How close to the end of a trucks table (px) its scrolling asks for the next page. */
const LOAD_AHEAD_PX = 120;

/** A truck of a paged list, as its page's `before` is made from it. */
interface PagedTruck {
  date: string;
  tripId: number | null;
}

/**
 * A trucks list read a page at a time (trip-list-pages.ts): TRIP_PAGE_SIZE trucks a page, newest first, each page
 * after the last truck held; the first when the panel opens, the next when its table is scrolled near its end
 * (`tableProps.onScroll`) or 'Load more' is pressed (`footer`), until a page brings fewer trucks than asked.
 * `trucksOf` gives a page's trucks (the rows the page size counts: a warehouse's pending pre-outs are not trucks).
 */
export function usePagedTrucks<P>({
  queryKey,
  fetchPage,
  trucksOf,
  testId,
}: {
  queryKey: QueryKey;
  fetchPage: (page: { limit: string; before?: string }) => Promise<P>;
  trucksOf: (page: P) => readonly PagedTruck[];
  testId: string;
}) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchPage({ limit: String(TRIP_PAGE_SIZE), ...(pageParam === undefined ? {} : { before: pageParam }) }),
    getNextPageParam: (page) => {
      const trucks = trucksOf(page);
      const last = trucks.at(-1);
      return trucks.length >= TRIP_PAGE_SIZE && last ? tripListCursor(last) : undefined;
    },
  });
  const pages = list.data?.pages ?? [];
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError) void list.fetchNextPage();
  };
  const shown = pages.reduce((count, page) => count + trucksOf(page).length, 0).toLocaleString('en-US');
  const footer = () => (
    <Flex justify="space-between" align="center" gap={8} data-testid={`${testId}-footer`}>
      <Typography.Text type="secondary" data-testid={`${testId}-shown`}>
        {list.hasNextPage ? t('dashboardShared.trucksShown', { count: shown }) : t('dashboardShared.allTrucksShown', { count: shown })}
      </Typography.Text>
      {list.isFetchNextPageError ? (
        <Button size="small" onClick={() => void list.fetchNextPage()} data-testid={`${testId}-retry`}>
          {t('dashboardShared.loadFailedRetry')}
        </Button>
      ) : list.hasNextPage ? (
        <Button size="small" loading={list.isFetchingNextPage} onClick={loadMore} data-testid={`${testId}-load-more`}>
          {t('dashboardShared.loadMore')}
        </Button>
      ) : null}
    </Flex>
  );
  return {
    pages,
    /** No page yet (the first is loading), or the first failed. */
    isPending: list.isPending,
    isError: list.isError && pages.length === 0,
    /** The table's footer (once the first page is in) and its scrolling. */
    tableProps: {
      footer: list.isPending ? undefined : footer,
      onScroll: (event: UIEvent<HTMLDivElement>) => {
        const body = event.currentTarget;
        if (body.scrollHeight - body.scrollTop - body.clientHeight < LOAD_AHEAD_PX) loadMore();
      },
    },
  };
}
