import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TStockPosition } from '@tonnage/contracts';

/** A chosen stock position's on hand, committed and usable quantities (MT), under the position picker of a commit or an out. */
export function PositionBalance({ position, usableTestId }: { position: Pick<TStockPosition, 'onHand' | 'committed' | 'usable'>; usableTestId: string }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3} bordered style={{ marginBlockEnd: 16 }}>
      <Descriptions.Item label={t('warehouseDispatch.onHand')}>
        <bdi>{position.onHand}</bdi>
      </Descriptions.Item>
      <Descriptions.Item label={t('warehouseDispatch.committed')}>
        <bdi>{position.committed}</bdi>
      </Descriptions.Item>
      <Descriptions.Item label={t('warehouseDispatch.usable', { value: '' })}>
        <bdi data-testid={usableTestId}>{position.usable}</bdi>
      </Descriptions.Item>
    </Descriptions>
  );
}
