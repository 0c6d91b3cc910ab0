import { useEffect, useRef, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { WeighTicketView } from '@tonnage/contracts';
import { authHeaders } from '../../app/api';
import { formatDateTimeIn } from '../../app/format';
import { parseId } from '../../app/guards';
import { i18n, loadTranslations } from '../../app/i18n';
import { PageHeader } from '../../components/PageHeader';
import { useWeighTicket, type WeighingKind } from './outbound-weighing-api';

/** Only the ticket is printed: the app's frame is hidden, the sheet fills an A4 page in landscape. */
const PRINT_CSS = `
.ticket-sheet { max-width: 277mm; margin-inline: auto; padding: 10mm; background: #fff; color: #000; border: 1px solid #d9d9d9; }
.ticket-sheet h1 { text-align: center; font-size: 18px; margin: 0 0 8px; }
.ticket-columns { display: flex; gap: 12mm; }
.ticket-columns > section { flex: 1; }
.ticket-sheet table { width: 100%; border-collapse: collapse; }
.ticket-sheet th, .ticket-sheet td { text-align: start; padding: 4px 6px; border-block-end: 1px solid #ddd; font-size: 13px; }
.ticket-sheet th { width: 45%; }
.ticket-manual { font-weight: bold; border: 1px solid #000; padding: 0 4px; margin-inline-start: 6px; }
.ticket-reversed { text-align: center; font-weight: bold; font-size: 16px; border: 2px solid #000; padding: 4px; margin-block-end: 8px; }
.ticket-pictures { display: flex; flex-wrap: wrap; gap: 8px; margin-block-start: 12px; }
.ticket-pictures figure { margin: 0; width: 62mm; }
.ticket-pictures img { width: 100%; height: auto; border: 1px solid #ccc; }
.ticket-pictures figcaption { font-size: 11px; text-align: center; }
@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body * { visibility: hidden; }
  .ticket-sheet, .ticket-sheet * { visibility: visible; }
  .ticket-sheet { position: absolute; inset-block-start: 0; inset-inline-start: 0; border: none; max-width: none; width: 100%; }
}
`;

type Lang = 'en' | 'ar';

/** The ticket's lines in one language (the ticket prints English and Arabic side by side, whatever the UI's). */
export function ticketLines(ticket: WeighTicketView, lang: Lang): { label: string; value: string; manual?: boolean }[] {
  const t = i18n.getFixedT(lang, 'translation', 'outboundWeighing');
  const kg = (value: number) => t('kilograms', { value: value.toLocaleString('en') });
  // The date reads left to right in the Arabic column too (an isolate keeps 24-Nov-2026 22:40 in one piece).
  const at = (value: string) => `\u2066${formatDateTimeIn(value, ticket.timeZone)}\u2069`;
  return [
    { label: t('ticketNumber'), value: ticket.ticketNumber },
    { label: t('agency'), value: ticket.agencyName },
    { label: t('warehouse'), value: ticket.warehouseName },
    { label: t('weighbridge'), value: ticket.weighbridge },
    { label: t('truck'), value: ticket.truckPlate },
    { label: t('driver'), value: ticket.driverName },
    { label: t('firstWeighing'), value: `${kg(ticket.first.kg)} · ${at(ticket.first.at)}`, manual: ticket.first.manual },
    ...(ticket.second ? [{ label: t('secondWeighing'), value: `${kg(ticket.second.kg)} · ${at(ticket.second.at)}`, manual: ticket.second.manual }] : []),
    ...(ticket.net !== null ? [{ label: t('netWeight'), value: kg(ticket.net) }] : []),
  ];
}

function TicketColumn({ ticket, lang }: { ticket: WeighTicketView; lang: Lang }) {
  const t = i18n.getFixedT(lang, 'translation', 'outboundWeighing');
  return (
    <section dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} data-testid={`ticket-${lang}`}>
      <h1>{t('ticketTitle')}</h1>
      {ticket.reversed && <div className="ticket-reversed">{t('reversedTicket', { reason: ticket.reversed.reason })}</div>}
      <table>
        <tbody>
          {ticketLines(ticket, lang).map((line) => (
            <tr key={line.label}>
              <th>{line.label}</th>
              <td>
                <bdi>{line.value}</bdi>
                {line.manual && <span className="ticket-manual">{t('manualTag')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The ticket sheet: English and Arabic side by side, the pictures below. */
export function WeighTicketSheet({ ticket }: { ticket: WeighTicketView }) {
  return (
    <div className="ticket-sheet" data-testid="ticket-sheet">
      <div className="ticket-columns">
        <TicketColumn ticket={ticket} lang="en" />
        <TicketColumn ticket={ticket} lang="ar" />
      </div>
      {ticket.pictures.length > 0 && (
        <div className="ticket-pictures">
          {ticket.pictures.map((picture) => (
            <figure key={`${picture.caption}-${picture.url ?? ''}`}>
              {picture.url && <img src={picture.url} alt={picture.caption} />}
              <figcaption>{picture.caption}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}

/** `<route>/:id/ticket` of a first or second weight: the printable ticket, printed once loaded. */
export function WeighTicketPrintPage({ kind }: { kind: WeighingKind }) {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const ticket = useWeighTicket(kind, id);
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
  const printed = useRef(false);
  const [downloading, setDownloading] = useState(false);
  // The PDF is fetched with the session's headers (the selected agency included), then opened.
  const download = async () => {
    if (id === null) return;
    setDownloading(true);
    try {
      const response = await fetch(`/api/${kind}/${id}/ticket.pdf`, { headers: authHeaders(), credentials: 'include' });
      if (!response.ok) return;
      const url = URL.createObjectURL(await response.blob());
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setDownloading(false);
    }
  };
  useEffect(() => {
    if (ticket.data && languagesReady && !printed.current) {
      printed.current = true;
      // After the pictures had a moment to load.
      const timer = setTimeout(() => window.print(), 300);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [ticket.data, languagesReady]);
  return (
    <div className="page" data-testid="weigh-ticket-page">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('outboundWeighing.printTicket')}
        actions={
          <Space>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} disabled={!ticket.data} data-testid="ticket-pdf">
              {t('outboundWeighing.downloadPdf')}
            </Button>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!ticket.data} data-testid="ticket-print">
              {t('outboundWeighing.print')}
            </Button>
          </Space>
        }
      />
      {ticket.isPending && id !== null && <Spin className="page-loader" />}
      {(ticket.isError || id === null) && <Result status="error" title={t('cargo.loadError')} />}
      {ticket.data && languagesReady && <WeighTicketSheet ticket={ticket.data} />}
    </div>
  );
}

export const FirstWeightTicketPage = () => <WeighTicketPrintPage kind="outboundFirstWeight" />;
export const SecondWeightTicketPage = () => <WeighTicketPrintPage kind="outboundSecondWeight" />;
