import { useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TLoadingSlip } from '@tonnage/contracts';
import { authHeaders } from '../../app/api';
import { useAgencyDateTime } from '../../app/agency-time';
import { formatQuantity } from '../../app/format';
import { parseId } from '../../app/guards';
import { useUserContext } from '../../app/session';
import { PageHeader } from '../../components/PageHeader';
import { slipPdfUrl, useLoadingSlip } from './port-loading-api';

/** Only the slip is printed: the app's frame is hidden, the sheet fills an A5 page. */
const PRINT_CSS = `
.slip-sheet { max-width: 148mm; margin-inline: auto; padding: 12mm; background: #fff; color: #000; border: 1px solid #d9d9d9; }
.slip-sheet h1 { text-align: center; font-size: 18px; margin: 0 0 4px; }
.slip-sheet h2 { text-align: center; font-size: 15px; margin: 0 0 12px; }
.slip-sheet table { width: 100%; border-collapse: collapse; }
.slip-sheet th, .slip-sheet td { text-align: start; padding: 4px 6px; border-block-end: 1px solid #ddd; font-size: 13px; }
.slip-sheet th { width: 40%; }
.slip-signatures { display: flex; gap: 16px; margin-block-start: 48px; }
.slip-signatures div { flex: 1; border-block-start: 1px solid #000; text-align: center; padding-block-start: 4px; font-size: 11px; }
@media print {
  @page { size: A5; margin: 8mm; }
  body * { visibility: hidden; }
  .slip-sheet, .slip-sheet * { visibility: visible; }
  .slip-sheet { position: absolute; inset-block-start: 0; inset-inline-start: 0; border: none; max-width: none; width: 100%; }
}
`;

/** The fields of the printed slip, in order; times on `dateTime`'s clock (the agency's, as on the PDF). */
export function slipLines(slip: TLoadingSlip, t: (key: string) => string, dateTime: (value: string) => string): [string, string][] {
  return [
    [t('portLoading.slipNumber'), String(slip.slipNumber)],
    [t('portLoading.dateTime'), dateTime(slip.loadedAt)],
    [t('portLoading.vesselVoyage'), `${slip.vesselName} / ${slip.voyageNumber}`],
    [t('portLoading.lcPo'), slip.lcPoNumber],
    [t('portLoading.blConsignee'), slip.blConsigneeName],
    [t('portLoading.cargo'), slip.cargoTypeName],
    [t('portLoading.port'), slip.portName],
    [t('portLoading.destinationLabel'), slip.toLocationName],
    [t('portLoading.transporter'), slip.transporterKind === 'self' ? t('portLoading.kinds.self') : (slip.transporterName ?? '')],
    [t('portLoading.truck'), slip.truckPlate],
    [t('portLoading.driver'), slip.driverName],
    [t('portLoading.wbtNumber'), slip.wbtNumber],
    [t('cargo.quantityMt'), formatQuantity(slip.quantity)],
    [t('cargo.createdBy'), slip.createdBy],
  ];
}

/** `loadingSlips/:loadingSlipId/print`: the slip as a printable sheet (English or Arabic, right to left), and its PDF. */
export default function LoadingSlipPrintPage() {
  const { t, i18n } = useTranslation();
  const id = parseId(useParams().loadingSlipId);
  const slip = useLoadingSlip(id);
  const context = useUserContext();
  const [downloading, setDownloading] = useState(false);
  const dateTime = useAgencyDateTime();
  const agencyName = (context as { agency?: { name?: string } | null }).agency?.name ?? '';

  // The PDF is fetched with the session's headers (the selected agency included), then opened.
  const download = async () => {
    if (id === null) return;
    setDownloading(true);
    try {
      const response = await fetch(slipPdfUrl(id, i18n.language), { headers: authHeaders(), credentials: 'include' });
      if (!response.ok) return;
      const url = URL.createObjectURL(await response.blob());
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="page" data-testid="slip-print-page">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('portLoading.printTitle')}
        actions={
          <Space>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="slip-print-button">
              {t('cargo.print')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="slip-pdf">
              {t('portLoading.downloadPdf')}
            </Button>
          </Space>
        }
      />
      {slip.isLoading || !slip.data ? (
        <Spin />
      ) : (
        <div className="slip-sheet" data-testid="slip-sheet">
          {agencyName && <h1>{agencyName}</h1>}
          <h2>{t('portLoading.slipTitle')}</h2>
          {slip.data.status === 'Reversed' && <h2 style={{ color: '#b00020' }}>{t('cargo.reversed')}</h2>}
          <table>
            <tbody>
              {slipLines(slip.data, t, dateTime).map(([label, value]) => (
                <tr key={label}>
                  <th>{label}</th>
                  <td>
                    {/* Values (numbers with units, plates, names) keep their own reading order in Arabic. */}
                    <bdi>{value}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="slip-signatures">
            <div>{t('portLoading.signDriver')}</div>
            <div>{t('portLoading.signLoader')}</div>
            <div>{t('portLoading.signReceiver')}</div>
          </div>
        </div>
      )}
    </div>
  );
}
