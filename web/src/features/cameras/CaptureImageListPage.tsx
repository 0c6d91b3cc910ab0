import { Button, Select, Tag, Tooltip } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { captureImageTransaction, hasPermission, permissionFlag, ZCaptureCameraList } from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { useUserContext } from '../../app/session';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { transactionApiPath, transactionKeys } from '../../components/transactions/hooks';
import { CapturePicture, DownloadPictureButton } from './picture';

/** The cameras of the user's locations (`GET /api/captureImage/cameras`), for the list's filter and the add screen. */
export function useCaptureCameras() {
  return useQuery({
    queryKey: [...transactionKeys(captureImageTransaction).all, 'cameras'],
    queryFn: ({ signal }) => apiOrThrow(`${transactionApiPath(captureImageTransaction)}/cameras`, { schema: ZCaptureCameraList, signal }),
  });
}

/** The camera filter: the cameras of the user's locations (the Hik-Connect list may be beyond the user's permissions). */
function CameraFilter({ value, onChange }: { value: string | undefined; onChange: (value: number | undefined) => void }) {
  const { t } = useTranslation();
  const cameras = useCaptureCameras();
  return (
    <Select<number>
      allowClear
      showSearch
      optionFilterProp="label"
      className="list-filter"
      placeholder={t('cameras.camera')}
      aria-label={t('cameras.camera')}
      loading={cameras.isLoading}
      value={value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined}
      onChange={(id) => onChange(id ?? undefined)}
      options={(cameras.data?.rows ?? []).map((camera) => ({ value: camera.id, label: camera.name }))}
      data-testid="captures-filter-camera"
    />
  );
}

/** `capture-image`: every capture of the user's locations, with its thumbnail, source and result, view and download. */
export default function CaptureImageListPage() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const context = useUserContext();
  const canAdd = hasPermission(context, permissionFlag('CaptureImage', 'add'));
  return (
    <TransactionListPage
      declaration={captureImageTransaction}
      hideEdit
      headerActions={
        canAdd && (
          <Link to={agencyPath('capture-image/add')}>
            <Button type="primary" icon={<CameraOutlined />} data-testid="captures-add">
              {t('cameras.add')}
            </Button>
          </Link>
        )
      }
      filterControls={{ cameraId: (value, set) => <CameraFilter value={value} onChange={set} /> }}
      renderers={{
        picture: (row) => <CapturePicture image={row} />,
        source: (row) => <Tag data-testid="captures-source">{t(`cameras.sources.${row.source}`)}</Tag>,
        result: (row) =>
          row.failure === null ? (
            <Tag color="green" data-testid="captures-result">
              {t('cameras.results.ok')}
            </Tag>
          ) : (
            <Tooltip title={translateMessage(row.failure)}>
              <Tag color="red" data-testid="captures-result">
                {t('cameras.results.failed')}
              </Tag>
            </Tooltip>
          ),
      }}
      rowActions={(row) => <DownloadPictureButton image={row} />}
    />
  );
}
