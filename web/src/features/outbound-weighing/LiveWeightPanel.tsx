import { Alert, Card, Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OutboundWeighingMessages, type TWeighbridgeLive } from '@tonnage/contracts';
import { translateMessage } from '../../app/i18n';

/** The weight as the display shows it: tonnes with 3 decimals, kilograms with none (spec 2.14). */
export function formatLive(kg: number, locale: string): { tonnes: string; kilograms: string } {
  const tonnes = new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(kg / 1000);
  const kilograms = new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en', { maximumFractionDigits: 0 }).format(kg);
  return { tonnes, kilograms };
}

/**
 * What the capture button may do now: capturable, or the reason it is not (the server's capture rules, translated).
 * No bridge chosen, or no answer yet: not capturable, no reason shown.
 */
export function captureState(live: TWeighbridgeLive | undefined, failed: boolean): { capturable: boolean; reason: string | null } {
  if (failed) return { capturable: false, reason: translateMessage(OutboundWeighingMessages.offline) };
  if (!live) return { capturable: false, reason: null };
  return { capturable: live.capturable, reason: live.reason === null ? null : translateMessage(live.reason) };
}

/** The live weight of the chosen weighbridge, polled every second: tonnes, kilograms, stable / online, the reason. */
export function LiveWeightPanel({ live, failed, reason }: { live: TWeighbridgeLive | undefined; failed: boolean; reason: string | null }) {
  const { t, i18n } = useTranslation();
  const shown = formatLive(live?.kg ?? 0, i18n.language);
  const online = !failed && (live?.online ?? false);
  return (
    <Card size="small" title={t('outboundWeighing.live')} data-testid="live-weight">
      <Space size="large" wrap>
        <Statistic title={t('outboundWeighing.unitTonnes')} value={shown.tonnes} valueStyle={{ fontVariantNumeric: 'tabular-nums' }} data-testid="live-tonnes" />
        <Statistic title={t('outboundWeighing.unitKg')} value={shown.kilograms} valueStyle={{ fontVariantNumeric: 'tabular-nums' }} data-testid="live-kg" />
        <Space direction="vertical" size={4}>
          <Tag color={online ? 'green' : 'red'} data-testid="live-online">{t(online ? 'outboundWeighing.online' : 'outboundWeighing.offline')}</Tag>
          <Tag color={live?.stable && online ? 'green' : 'orange'} data-testid="live-stable">{t(live?.stable && online ? 'outboundWeighing.stable' : 'outboundWeighing.moving')}</Tag>
        </Space>
      </Space>
      {reason && <Alert style={{ marginBlockStart: 12 }} type="warning" showIcon message={reason} data-testid="live-reason" />}
    </Card>
  );
}
