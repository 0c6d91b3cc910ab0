import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAP_POINT_COLORS, MAP_POINT_KINDS, MAP_VIEW, ZMapPointList } from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { dashboardKey } from '../../app/dashboard-flags';
import { MapPin } from './map-pin';

/** Leaflet, its stylesheet and the country shapes: their own chunk, loaded when the Map tab first opens. */
const DashboardMap = lazy(() => import('./DashboardMap'));

/** The Map tab's points: its data under the dashboard's key convention (`dashboardKey`). */
export const mapPointsKey = dashboardKey('map');

/** The legend of the five kinds (spec 2.13); it follows the page's direction. */
function MapLegend() {
  const { t } = useTranslation();
  return (
    <Flex wrap gap="small" align="center" style={{ marginBottom: 12 }} data-testid="dashboard-map-legend" role="list" aria-label={t('dashboardMap.legend')}>
      <Typography.Text strong>{t('dashboardMap.legend')}:</Typography.Text>
      {MAP_POINT_KINDS.map((kind) => (
        <Flex key={kind} gap={4} align="center" role="listitem" data-kind={kind} style={{ marginInlineEnd: 12 }}>
          <MapPin color={MAP_POINT_COLORS[kind]} />
          <Typography.Text>{t(`dashboardMap.kinds.${kind}`)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The dashboard's Map tab (spec 2.13, 9): the agency's points from `GET /api/dashboard/map` on a map of height 500
 * centred near 21.53, 39.16 at zoom 5, with the legend above it. The page mirrors in Arabic; the map itself does not
 * (it is a picture of the world: west stays left).
 */
export default function MapTab() {
  const { t } = useTranslation();
  const points = useQuery({ queryKey: mapPointsKey, queryFn: () => apiOrThrow('/api/dashboard/map', { schema: ZMapPointList }) });
  const loading = <Spin tip={t('dashboardMap.loading')}><div style={{ height: MAP_VIEW.height }} /></Spin>;
  return (
    <Card title={t('dashboard.panels.map')} data-testid="dashboard-panel-map">
      <MapLegend />
      {points.isError ? (
        <Alert type="error" showIcon title={t('dashboardMap.failed')} />
      ) : points.data && points.data.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="dashboard-map-empty">{t('dashboardMap.empty')}</Typography.Paragraph>
      ) : null}
      <div dir="ltr" style={{ height: MAP_VIEW.height }}>
        <Suspense fallback={loading}>
          <DashboardMap points={points.data ?? []} label={t('dashboardMap.label')} attribution={t('dashboardMap.attribution')} failed={t('dashboardMap.failed')} />
        </Suspense>
      </div>
    </Card>
  );
}
