import { Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCorrection } from '@tonnage/contracts';
import { formatDateTime } from '../../app/format';
import { useCorrectionHistory, type CorrectedKind } from './corrections-api';

const FIGURE_KEYS = ['emptyKg', 'receivedQuantity', 'storage', 'split', 'quantity', 'destinationType', 'destination'] as const;

/** The figures of one side of a correction, each on its line, labelled. */
function Figures({ figures }: { figures: TCorrection['before'] }) {
  const { t } = useTranslation();
  return (
    <div>
      {FIGURE_KEYS.filter((key) => figures[key] !== undefined && figures[key] !== null).map((key) => (
        <div key={key}>
          {t(`corrections.figures.${key}`)}: <bdi>{String(figures[key])}</bdi>
        </div>
      ))}
    </div>
  );
}

/** The correction history of a record: when, who, why, the figures before and after. */
export function CorrectionHistory({ kind, id }: { kind: CorrectedKind; id: number }) {
  const { t } = useTranslation();
  const history = useCorrectionHistory(kind, id);
  return (
    <Card title={t('corrections.history')} data-testid="correction-history">
      <Table<TCorrection>
        rowKey="id"
        size="small"
        pagination={false}
        loading={history.isFetching}
        dataSource={history.data ?? []}
        locale={{ emptyText: <Empty description={t('corrections.noHistory')} /> }}
        columns={[
          { key: 'at', title: t('corrections.at'), render: (_value, row) => formatDateTime(row.at) },
          { key: 'by', title: t('corrections.by'), dataIndex: 'by' },
          { key: 'reason', title: t('corrections.reason'), dataIndex: 'reason' },
          { key: 'before', title: t('corrections.before'), render: (_value, row) => <Figures figures={row.before} /> },
          { key: 'after', title: t('corrections.after'), render: (_value, row) => <Figures figures={row.after} /> },
        ]}
      />
    </Card>
  );
}
