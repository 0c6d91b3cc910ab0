import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Select, Space, Tag } from 'antd';
import { ArrowLeftOutlined, CameraOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CameraMessages, captureImageTransaction, ZCaptureImageTaken, type TCaptureImage } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { apiOrThrow } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { PageHeader } from '../../components/PageHeader';
import { transactionApiPath, transactionKeys } from '../../components/transactions/hooks';
import { useCaptureCameras } from './CaptureImageListPage';
import { CapturePicture, DownloadPictureButton } from './picture';

/**
 * `capture-image/add`: choose a camera of the user's locations and take a snapshot now; shows the picture (with its
 * download) or why there is none. A camera whose login was refused is marked and not asked.
 */
export default function CaptureImageAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const agencyPath = useAgencyPath();
  const dateTime = useAgencyDateTime();
  const queryClient = useQueryClient();
  const cameras = useCaptureCameras();
  const [cameraId, setCameraId] = useState<number | null>(null);
  const [taken, setTaken] = useState<TCaptureImage | null>(null);
  const chosen = cameras.data?.rows.find((camera) => camera.id === cameraId) ?? null;

  const snapshot = useMutation({
    mutationFn: (id: number) => apiOrThrow(transactionApiPath(captureImageTransaction), { method: 'POST', body: { cameraId: id }, schema: ZCaptureImageTaken }),
    onSuccess: (answer) => {
      setTaken(answer.image);
      if (answer.image.failure === null) void message.success(translateMessage(CameraMessages.created));
      void queryClient.invalidateQueries({ queryKey: transactionKeys(captureImageTransaction).all });
    },
  });

  return (
    <div className="page" data-testid="capture-image-add-page">
      <PageHeader
        title={t('cameras.addTitle')}
        back={
          <Link to={agencyPath('capture-image')} aria-label={t('cameras.back')}>
            <Button type="text" icon={<ArrowLeftOutlined />} />
          </Link>
        }
      />
      <Card>
        <Form layout="vertical">
          <Form.Item label={t('cameras.camera')} required>
            <Select<number>
              showSearch
              optionFilterProp="label"
              placeholder={t('cameras.selectCamera')}
              aria-label={t('cameras.camera')}
              loading={cameras.isLoading}
              value={cameraId ?? undefined}
              onChange={(id) => {
                setCameraId(id);
                setTaken(null);
              }}
              notFoundContent={cameras.isLoading ? undefined : t('cameras.noCameras')}
              options={(cameras.data?.rows ?? []).map((camera) => ({
                value: camera.id,
                label: camera.machineName ? `${camera.name} (${camera.locationName} · ${camera.machineName})` : `${camera.name} (${camera.locationName})`,
              }))}
              data-testid="capture-camera"
            />
          </Form.Item>
          {chosen?.locked && <Alert type="warning" showIcon title={t('cameras.locked')} description={t('cameras.lockedHint')} data-testid="capture-locked" />}
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" icon={<CameraOutlined />} disabled={cameraId === null} loading={snapshot.isPending} onClick={() => cameraId !== null && snapshot.mutate(cameraId)} data-testid="capture-take">
              {t('cameras.take')}
            </Button>
          </Space>
        </Form>
      </Card>
      {taken && (
        <Card style={{ marginTop: 16 }} data-testid="capture-result">
          {taken.failure === null ? (
            <Space orientation="vertical">
              <CapturePicture image={taken} size="large" />
              <DownloadPictureButton image={taken} withText />
            </Space>
          ) : (
            <Alert type="error" showIcon title={t('cameras.failed')} description={translateMessage(taken.failure)} data-testid="capture-failure" />
          )}
          <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('cameras.camera')}>{taken.cameraName}</Descriptions.Item>
            <Descriptions.Item label={t('cameras.location')}>{taken.locationName}</Descriptions.Item>
            <Descriptions.Item label={t('cameras.takenAt')}>
              <bdi>{dateTime(taken.takenAt)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('cameras.source')}>
              <Tag>{t(`cameras.sources.${taken.source}`)}</Tag>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </div>
  );
}
