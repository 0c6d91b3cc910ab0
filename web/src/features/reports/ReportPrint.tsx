import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type ReportColumn, type ReportDeclaration, type ReportPage as ReportPageData, type ReportRow } from '@tonnage/contracts';
import { apiOrThrow, type Query, type Schema } from '../../app/api';
import { formatDate } from '../../app/format';

/*
 * Print of a report (issue 16): every row matching the filters, not only the page on screen. Print reads the rows
 * in pages of the server's largest page size, in the report's sort, into a print-only table (with the totals row of
 * every matching row; the page's title and filters print above it), then opens the browser's print. Past
 * PRINT_MAX_ROWS it prints nothing and says so: such a report is for the Excel export.
 */

/** Rows a report may print: past this, it is exported to Excel instead. */
export const PRINT_MAX_ROWS = 5000;
/** The server's largest page (a report pages as every list). */
const PRINT_PAGE_SIZE = Math.max(...PAGE_SIZES);

/** A cell as printed: tonnes with 3 decimals, dates in the app's format. */
function printed(column: ReportColumn, value: string | number | null | undefined): ReactNode {
  if (value === null || value === undefined) return null;
  if (column.kind === 'tonnes') {
    const number = Number(value);
    return <bdi className="quantity">{Number.isFinite(number) ? number.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }) : ''}</bdi>;
  }
  if (column.kind === 'date') return <bdi>{formatDate(String(value))}</bdi>;
  return String(value);
}

/** Shown in print only, beside the page's own table (hidden in print while this one is there). */
const PRINT_ALL_CSS = `
@media screen { .report-print-all { display: none; } }
@media print {
  .report-sheet:has(.report-print-all) .report-screen-table { display: none !important; }
  .report-print-all table { width: 100%; border-collapse: collapse; font-size: 10px; }
  .report-print-all th, .report-print-all td { border: 1px solid #d9d9d9; padding: 2px 4px; text-align: start; }
  .report-print-all .end { text-align: end; }
  .report-print-all thead { display: table-header-group; }
  .report-print-all tr { break-inside: avoid; }
}
`;

interface Printing {
  rows: ReportRow[];
  totals: ReportPageData['totals'];
}

/**
 * Print of every matching row: `button` goes with the page's actions, `sheet` after its table (the print-only table
 * while printing, and the notice when the report is too long to print).
 */
export function useReportPrint(params: { report: ReportDeclaration; path: string; schema: Schema<ReportPageData>; query: Query; count: number | undefined }): { button: ReactNode; sheet: ReactNode } {
  const { report, path, schema, query, count } = params;
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [printing, setPrinting] = useState<Printing | null>(null);
  const [tooLong, setTooLong] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);

  const start = async () => {
    setTooLong(null);
    setFailed(false);
    if (count !== undefined && count > PRINT_MAX_ROWS) {
      setTooLong(count);
      return;
    }
    setLoading(true);
    try {
      const rows: ReportRow[] = [];
      let totals: ReportPageData['totals'] = {};
      for (let page = 1; ; page += 1) {
        const answer = await apiOrThrow(path, { schema, query: { ...query, page, limit: PRINT_PAGE_SIZE } });
        if (answer.count > PRINT_MAX_ROWS) {
          setTooLong(answer.count);
          return;
        }
        if (page === 1) totals = answer.totals;
        rows.push(...answer.rows);
        if (answer.rows.length < PRINT_PAGE_SIZE || rows.length >= answer.count) break;
      }
      setPrinting({ rows, totals });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const shown = report.columns.filter((c) => c.kind !== 'id');
  const end = (column: ReportColumn) => (column.kind === 'tonnes' || column.kind === 'count' ? 'end' : undefined);
  const button = (
    <Button icon={<PrinterOutlined />} loading={loading} onClick={() => void start()} data-testid="report-print">
      {t('reports.print')}
    </Button>
  );
  const sheet = (
    <>
      <style>{PRINT_ALL_CSS}</style>
      {tooLong !== null && (
        <Alert
          className="no-print"
          type="warning"
          showIcon
          closable
          onClose={() => setTooLong(null)}
          message={t('reports.printTooLong', { count: tooLong, max: PRINT_MAX_ROWS })}
          data-testid="report-print-too-long"
        />
      )}
      {failed && <Alert className="no-print" type="error" showIcon closable onClose={() => setFailed(false)} message={t('reports.printFailed')} data-testid="report-print-failed" />}
      {printing && (
        <div className="report-print-all" data-testid="report-print-all">
          <table>
            <thead>
              <tr>
                {shown.map((column) => (
                  <th key={column.key} className={end(column)}>
                    {t(column.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {printing.rows.map((row, index) => (
                <tr key={index} data-testid="report-print-row">
                  {shown.map((column) => (
                    <td key={column.key} className={end(column)}>
                      {printed(column, row[column.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="report-print-totals">
                {shown.map((column, index) => (
                  <td key={column.key} className={end(column)}>
                    <strong>{index === 0 ? t('reports.totals') : column.total ? printed(column, printing.totals[column.key]) : null}</strong>
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
  return { button, sheet };
}
