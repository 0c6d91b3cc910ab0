import type { TSlipDelivery } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { textColumn } from '../../platform/record-export';

/*
 * The "Delivered to" column of the exports of records that may travel on a transfer slip (loans, loan returns, the
 * sale, the consignee transfer), as their lists show it.
 */

const IN_PLACE = { en: 'In place', ar: 'في مكانها' } as const;
const IN_TRANSIT = { en: 'in transit', ar: 'في الطريق' } as const;
const RECEIVED = { en: 'received', ar: 'تم الاستلام' } as const;
const SLIP = { en: 'slip', ar: 'إذن' } as const;

/** "<place> · slip <number> · in transit / received", or "In place". */
export function slipDeliveryText(delivery: Pick<TSlipDelivery, 'toLocationName' | 'slipNumber' | 'received'> | null, lang: ExcelLang): string {
  if (!delivery) return IN_PLACE[lang];
  return `${delivery.toLocationName} · ${SLIP[lang]} ${delivery.slipNumber} · ${(delivery.received ? RECEIVED : IN_TRANSIT)[lang]}`;
}

/** The export column of a record's delivery by truck (`key` the list column's key). */
export function slipDeliveryColumn<Row extends { delivery: Pick<TSlipDelivery, 'toLocationName' | 'slipNumber' | 'received'> | null }>(lang: ExcelLang, key = 'delivery'): ExcelColumn<Row> {
  return textColumn<Row>(key, { en: 'Delivered to', ar: 'سُلّم إلى' }, lang, (r) => slipDeliveryText(r.delivery, lang));
}
