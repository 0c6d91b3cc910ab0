import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Col, Empty, Input, Pagination, Popconfirm, Row, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { DashboardOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, ZAgencyToggleResponse, type TAgency } from '@tonnage/contracts';
import { api } from '../../app/api';
import { fileUrl } from '../../app/files';
import { useSession, useUserContext } from '../../app/session';
import { agencyKeys, useAgencyList } from './agency-api';

function AgencyCard({ agency }: { agency: TAgency }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { s3Url } = useUserContext();
  const [toggling, setToggling] = useState(false);

  // Spec sections 4 and 8: confirm, flip, report, reload the list; a failure stops silently.
  const toggle = async () => {
    setToggling(true);
    const result = await api(`/api/agencies/${agency.id}/toggle-status`, { method: 'PUT', schema: ZAgencyToggleResponse });
    setToggling(false);
    if (!result) return;
    void message.success(result.agency.isActive ? t('agencies.activated') : t('agencies.deactivated'));
    await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
  };

  const logo = fileUrl(s3Url, agency.logo);
  return (
    <Card
      className="agency-card"
      data-testid="agency-card"
      data-agency-id={agency.id}
      data-active={agency.isActive}
      actions={[
        <Tooltip title={t('agencies.openDashboard')} key="open">
          <Link to={`/agencies/${agency.id}/dashboard`} data-testid="agency-open" aria-label={t('agencies.openDashboard')}>
            <DashboardOutlined />
          </Link>
        </Tooltip>,
        <Tooltip title={t('agencies.edit')} key="edit">
          <Link to={`/agencies/${agency.id}/edit`} data-testid="agency-edit" aria-label={t('agencies.edit')}>
            <EditOutlined />
          </Link>
        </Tooltip>,
        <Popconfirm
          key="toggle"
          title={t('agencies.confirmToggle')}
          okText={t('common.yes')}
          cancelText={t('common.no')}
          onConfirm={() => toggle()}
        >
          <Switch
            size="small"
            checked={agency.isActive}
            loading={toggling}
            data-testid="agency-toggle"
            aria-label={agency.isActive ? t('agencies.deactivate') : t('agencies.activate')}
          />
        </Popconfirm>,
      ]}
    >
      <Card.Meta
        avatar={
          <Avatar shape="square" size={56} src={logo} className="agency-logo" alt="">
            {agency.name.slice(0, 1).toUpperCase()}
          </Avatar>
        }
        title={
          <Typography.Text ellipsis={{ tooltip: agency.name }} data-testid="agency-name-label">
            {agency.name}
          </Typography.Text>
        }
        description={
          <Tag color={agency.isActive ? 'green' : 'default'} data-testid="agency-status">
            {agency.isActive ? t('common.active') : t('common.inactive')}
          </Tag>
        }
      />
    </Card>
  );
}

/** Spec section 2.9: agencies as cards, with search and pagination for many agencies. */
export default function AgencyListPage() {
  const { t } = useTranslation();
  const { selectAgency } = useSession();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const list = useAgencyList({ page, limit, search: search || undefined });

  // Visiting the list clears the selected agency (spec section 4).
  useEffect(() => selectAgency(null), [selectAgency]);

  const rows = list.data?.rows ?? [];
  const count = list.data?.count ?? 0;
  return (
    <div className="page" data-testid="agency-list">
      <div className="page-header">
        <Typography.Title level={3} className="page-title" data-testid="agency-list-title">
          {t('agencies.title', { n: count })}
        </Typography.Title>
        <div className="page-header-actions">
          <Input.Search
            allowClear
            placeholder={t('agencies.searchPlaceholder')}
            aria-label={t('agencies.searchPlaceholder')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            className="agency-search"
            data-testid="agency-search"
          />
          <Link to="/agencies/add">
            <Button type="primary" icon={<PlusOutlined />} data-testid="agency-add">
              {t('agencies.add')}
            </Button>
          </Link>
        </div>
      </div>
      <Spin spinning={list.isFetching}>
        {rows.length === 0 && !list.isPending ? (
          <Empty description={t('agencies.empty')} />
        ) : (
          <Row gutter={[16, 16]}>
            {rows.map((agency) => (
              <Col xs={24} sm={8} key={agency.id}>
                <AgencyCard agency={agency} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {count > DEFAULT_PAGE_SIZE && (
        <Pagination
          className="page-pagination"
          current={page}
          pageSize={limit}
          total={count}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES.map(String)}
          onChange={(nextPage, nextSize) => {
            setPage(nextSize === limit ? nextPage : 1);
            setLimit(nextSize);
          }}
        />
      )}
    </div>
  );
}
