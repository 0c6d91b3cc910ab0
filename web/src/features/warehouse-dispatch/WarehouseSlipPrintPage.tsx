import { useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TWarehouseOut } from '@tonnage/contracts';
import { authHeaders } from '../../app/api';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { PageHeader } from '../../components/PageHeader';
import { useWarehouseSlip, warehouseSlipPdfUrl } from './warehouse-dispatch-api';

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

/** The lines of the slip in one language (`t` fixed to it). */
export function warehouseSlipLines(slip: TWarehouseOut, t: (key: string) => string, dateTime: (value: string) => string): [string, string][] {
  return [
    [t('warehouseDispatch.slipNumber'), String(slip.slipNumber)],
    [t('warehouseDispatch.outAt'), dateTime(slip.outAt)],
    [t('warehouseDispatch.warehouse'), slip.warehouseName],
    [t('warehouseDispatch.silo'), slip.siloName ?? t('warehouseDispatch.openArea')],
    [t('warehouseDispatch.owner'), slip.ownerName],
    [t('warehouseDispatch.lcPo'), slip.lcPoNumber],
    [t('warehouseDispatch.destination'), slip.toLocationName],
    [t('warehouseDispatch.transporter'), slip.transporterName ?? ''],
    [t('warehouseDispatch.truck'), slip.truckPlate],
    [t('warehouseDispatch.driver'), slip.driverName],
    [t('warehouseDispatch.ticketNumber'), slip.ticketNumber],
    [t('warehouseDispatch.net'), `${slip.quantity} MT`],
  ];
}

/** `warehouseLoadingSlips/:id/print`: the slip in English and Arabic side by side, printable, and its PDF. */
export default function WarehouseSlipPrintPage() {
  const { t, i18n } = useTranslation();
  const id = parseId(useParams().id);
  const slip = useWarehouseSlip(id);
  const dateTime = useAgencyDateTime();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (id === null) return;
    setDownloading(true);
    try {
      const response = await fetch(warehouseSlipPdfUrl(id), { headers: authHeaders(), credentials: 'include' });
      if (!response.ok) return;
      const url = URL.createObjectURL(await response.blob());
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="page" data-testid="warehouse-slip-print-page">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('warehouseDispatch.slipTitle')}
        actions={
          <Space>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="wslip-print">
              {t('warehouseDispatch.print')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="wslip-pdf">
              {t('warehouseDispatch.downloadPdf')}
            </Button>
          </Space>
        }
      />
      {slip.isLoading || !slip.data ? (
        <Spin />
      ) : (
        <div className="wslip-sheet" data-testid="wslip-sheet">
          {(['en', 'ar'] as const).map((lang) => {
            const fixed = i18n.getFixedT(lang);
            const tr = (key: string) => String(fixed(key));
            return (
              <div key={lang} className="wslip-half" dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} data-testid={`wslip-${lang}`}>
                <h1>{slip.data.agencyName}</h1>
                <h2>{tr('warehouseDispatch.slipTitle')}</h2>
                <table>
                  <tbody>
                    {warehouseSlipLines(slip.data.slip, tr, dateTime).map(([label, value]) => (
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
    </div>
  );
}
