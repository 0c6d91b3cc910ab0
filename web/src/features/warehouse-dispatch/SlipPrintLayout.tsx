import { useEffect, useState, type ReactNode } from 'react';
import { Button, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { authHeaders } from '../../app/api';
import { loadTranslations } from '../../app/i18n';
import { PageHeader } from '../../components/PageHeader';

/** Only the sheet is printed: English on the left, Arabic (right to left) on the right. */
const PRINT_CSS = `
.wslip-sheet { display: flex; gap: 24px; background: #fff; color: #000; border: 1px solid #d9d9d9; padding: 12mm; }
.wslip-half { flex: 1; }
.wslip-half h1 { text-align: center; font-size: 17px; margin: 0 0 4px; }
.wslip-half h2 { text-align: center; font-size: 14px; margin: 0 0 12px; }
.wslip-half table { width: 100%; border-collapse: collapse; }
.wslip-half th, .wslip-half td { text-align: start; padding: 4px 6px; border-block-end: 1px solid #ddd; font-size: 13px; }
.wslip-half th { width: 42%; }
@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body * { visibility: hidden; }
  .wslip-sheet, .wslip-sheet * { visibility: visible; }
  .wslip-sheet { position: absolute; inset-block-start: 0; inset-inline-start: 0; border: none; width: 100%; }
}
`;

/**
 * The printed loading slip's page, shared by the warehouse and consignee loading slips: a header with print and PDF
 * actions, and the sheet with the agency's name, the title and the label/value lines in English and in Arabic (right
 * to left) side by side. `lines` gets `t` fixed to each language.
 */
export function SlipPrintLayout(props: {
  /** The i18n key of the slip's title. */
  titleKey: string;
  /** The page's test id prefix (`<prefix>-print-page`, `<prefix>-sheet`, `<prefix>-en`, ...). */
  testPrefix: string;
  agencyName: string | undefined;
  loading: boolean;
  lines: ((t: (key: string) => string) => [string, string][]) | null;
  pdfUrl: string | null;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const { pdfUrl, testPrefix: p, lines } = props;
  // Both languages are printed whatever the user's: load the one not in use before the sheet is drawn.
  const [languagesReady, setLanguagesReady] = useState(false);
  useEffect(() => {
    let active = true;
    void Promise.all([loadTranslations('en'), loadTranslations('ar')]).then(() => {
      if (active) setLanguagesReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  const download = async () => {
    if (pdfUrl === null) return;
    setDownloading(true);
    try {
      const response = await fetch(pdfUrl, { headers: authHeaders(), credentials: 'include' });
      if (!response.ok) return;
      const url = URL.createObjectURL(await response.blob());
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="page" data-testid={`${p}-print-page`}>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t(props.titleKey)}
        actions={
          <Space>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid={`${p}-print`}>
              {t('warehouseDispatch.print')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid={`${p}-pdf`}>
              {t('warehouseDispatch.downloadPdf')}
            </Button>
          </Space>
        }
      />
      {props.loading || lines === null || !languagesReady ? (
        <Spin />
      ) : (
        <div className="wslip-sheet" data-testid={`${p}-sheet`}>
          {(['en', 'ar'] as const).map((lang) => {
            const fixed = i18n.getFixedT(lang);
            const tr = (key: string) => String(fixed(key));
            return (
              <div key={lang} className="wslip-half" dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} data-testid={`${p}-${lang}`}>
                <h1>{props.agencyName}</h1>
                <h2>{tr(props.titleKey)}</h2>
                <table>
                  <tbody>
                    {lines(tr).map(([label, value]) => (
                      <tr key={label}>
                        <th>{label}</th>
                        <td>
                          <bdi>{value}</bdi>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </div>
      )}
      {props.extra}
    </div>
  );
}
