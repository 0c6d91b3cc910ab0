import { Input, Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OUTTURN_STATUSES, SEARCH_MIN_CHARS, type OutturnStatus } from '@tonnage/contracts';
import type { OutturnListState } from './outturn';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';

/** The filter row of both out-turn lists: search, voyage and status; every change goes back to page 1. */
export function OutturnFilters({
  state,
  onChange,
  searchPlaceholder,
  testIdPrefix,
}: {
  state: OutturnListState;
  onChange: (changes: Partial<OutturnListState>) => void;
  searchPlaceholder: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const trimmed = state.search.trim();
  const searchTooShort = trimmed !== '' && trimmed.length <= SEARCH_MIN_CHARS;
  return (
    <>
      <div className="list-filters">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={state.search}
          onChange={(event) => onChange({ search: event.target.value })}
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          status={searchTooShort ? 'warning' : undefined}
          className="list-search"
          data-testid={`${testIdPrefix}-search`}
        />
        <VoyageSelect
          className="list-filter"
          value={state.voyageId ?? null}
          placeholder={t('vesselApproval.allVoyages')}
          onChange={(voyageId) => onChange({ voyageId })}
          aria-label={t('vesselApproval.voyage')}
          data-testid={`${testIdPrefix}-filter-voyage`}
        />
        <Select<OutturnStatus | 'all'>
          className="list-filter"
          value={state.status ?? 'all'}
          onChange={(status) => onChange({ status: status === 'all' ? undefined : status })}
          options={[{ value: 'all', label: t('vesselApproval.allStatuses') }, ...OUTTURN_STATUSES.map((status) => ({ value: status, label: t(`vesselApproval.statuses.${status}`) }))]}
          aria-label={t('vesselApproval.status')}
          data-testid={`${testIdPrefix}-filter-status`}
        />
      </div>
      {searchTooShort && (
        <Typography.Text type="secondary" className="list-hint" data-testid={`${testIdPrefix}-search-hint`}>
          {t('vesselApproval.searchHint')}
        </Typography.Text>
      )}
    </>
  );
}
