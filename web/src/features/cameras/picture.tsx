import { useEffect, useState } from 'react';
import { App, Button, Image, Skeleton, Tooltip } from 'antd';
import { DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CameraMessages, captureImageTransaction, type TCaptureImage } from '@tonnage/contracts';
import { authHeaders } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { downloadFile } from '../../components/resources/resource-api';
import { transactionApiPath } from '../../components/transactions/hooks';

/** `GET /api/captureImage/:id/picture` (`download=1`: as an attachment). */
export const pictureUrl = (id: number, download = false): string => `${transactionApiPath(captureImageTransaction)}/${id}/picture${download ? '?download=1' : ''}`;

/**
 * The picture of a capture as an object URL: fetched with the session's headers (the selected agency travels in a
 * header, which an <img> cannot send); null while loading, without a picture, or when it could not be loaded.
 */
export function usePictureUrl(image: Pick<TCaptureImage, 'id' | 'hasPicture'> | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const id = image?.hasPicture ? image.id : null;
  useEffect(() => {
    if (id === null) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    void fetch(pictureUrl(id), { headers: authHeaders(), credentials: 'include', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [id]);
  return url;
}

/** The picture of a capture: a thumbnail (click to enlarge) or a larger view; a placeholder without one. */
export function CapturePicture({ image, size = 'thumbnail' }: { image: TCaptureImage; size?: 'thumbnail' | 'large' }) {
  const { t } = useTranslation();
  const url = usePictureUrl(image);
  const width = size === 'thumbnail' ? 64 : 480;
  if (!image.hasPicture) {
    return (
      <span className="capture-no-picture" data-testid="capture-no-picture" aria-label={t('cameras.failed')}>
        <PictureOutlined />
      </span>
    );
  }
  if (!url) return <Skeleton.Image active style={{ width, height: size === 'thumbnail' ? 40 : 270 }} />;
  return <Image src={url} width={width} alt={`${image.cameraName} ${image.takenAt}`} data-testid={size === 'thumbnail' ? 'capture-thumbnail' : 'capture-picture'} />;
}

/** The file name of a downloaded picture: camera and time taken. */
export const pictureFileName = (image: Pick<TCaptureImage, 'cameraName' | 'takenAt'>): string => `${image.cameraName}-${image.takenAt.slice(0, 19).replace(/[:T]/g, '-')}.jpg`;

/** Downloads a capture's picture and says so ('Capture Image downloaded successfully'). */
export function DownloadPictureButton({ image, withText = false }: { image: TCaptureImage; withText?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!image.hasPicture) return null;
  const button = (
    <Button
      type={withText ? 'default' : 'text'}
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={t('cameras.download')}
      onClick={() => {
        setBusy(true);
        void downloadFile(pictureUrl(image.id, true), pictureFileName(image))
          .then((done) => {
            if (done) void message.success(translateMessage(CameraMessages.downloaded));
          })
          .finally(() => setBusy(false));
      }}
      data-testid="captures-download"
    >
      {withText ? t('cameras.download') : null}
    </Button>
  );
  return withText ? button : <Tooltip title={t('cameras.download')}>{button}</Tooltip>;
}
