import { useEffect, useState } from 'react';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_MAX_MB,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_MB,
  Messages,
  ZUploadResponse,
  type TUploadResponse,
  type UploadDirectory,
} from '@tonnage/contracts';
import { authHeaders, buildUrl } from '../app/api';
import { fileUrl } from '../app/files';
import { translateMessage } from '../app/i18n';
import { useSession } from '../app/session';

export type UploadKind = 'image' | 'document';

/** Size limit in MB of spec section 5: images 5 MB, documents 25 MB. */
export function maxSizeMb(kind: UploadKind): number {
  return kind === 'image' ? IMAGE_MAX_MB : DOCUMENT_MAX_MB;
}

export function isWithinSize(bytes: number, limitMb: number): boolean {
  return bytes / 1024 / 1024 <= limitMb;
}

export function isImageName(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

function fileName(path: string): string {
  return path.split('/').pop() ?? path;
}

function listFor(path: string | null | undefined, s3Url: string): UploadFile[] {
  if (!path) return [];
  return [{ uid: `stored-${path}`, name: fileName(path), status: 'done', url: fileUrl(s3Url, path) }];
}

interface FileUploadProps {
  /** The stored path (what forms keep, e.g. profilePic or logo). */
  value?: string | null;
  onChange?: (path: string | null) => void;
  /** The whole upload answer, for callers that need more than the path. */
  onUploaded?: (response: TUploadResponse) => void;
  directory: UploadDirectory;
  kind?: UploadKind;
  /** Overrides the size limit of the kind. */
  limitMb?: number;
  disabled?: boolean;
  testId?: string;
}

/**
 * One file uploaded to POST /api/uploads/file?directory=… (multipart field `file`, bearer auth), with the
 * size and type checks and the messages of spec sections 5 and 8.
 */
export function FileUpload({ value, onChange, onUploaded, directory, kind = 'document', limitMb, disabled, testId }: FileUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { userContext } = useSession();
  const s3Url = userContext?.s3Url ?? '';
  const limit = limitMb ?? maxSizeMb(kind);
  const [fileList, setFileList] = useState<UploadFile[]>(() => listFor(value, s3Url));

  // Follow a value set from outside (a loaded record, a form reset).
  useEffect(() => {
    setFileList((current) => {
      const uploading = current.some((file) => file.status === 'uploading');
      const shown = current.find((file) => file.status === 'done');
      const shownPath = shown ? shownPathOf(shown) : null;
      if (uploading || shownPath === (value ?? null)) return current;
      return listFor(value, s3Url);
    });
  }, [value, s3Url]);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (kind === 'image' && !isImageName(file.name)) {
      void message.error(translateMessage(Messages.fileTypeNotAllowed));
      return Upload.LIST_IGNORE;
    }
    if (!isWithinSize(file.size, limit)) {
      void message.error(t('upload.tooLarge', { mb: limit }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList: next }) => {
    if (file.status === 'done') {
      const response: unknown = file.response;
      const parsed = ZUploadResponse.safeParse(response);
      if (!parsed.success) {
        void message.error(t('upload.failed', { file: file.name }));
        setFileList(next.filter((item) => item.uid !== file.uid));
        return;
      }
      void message.success(t('upload.uploaded', { file: file.name }));
      setFileList(
        next
          .filter((item) => item.uid === file.uid)
          .map((item) => ({ ...item, url: fileUrl(s3Url, parsed.data.path), response: parsed.data })),
      );
      onUploaded?.(parsed.data);
      onChange?.(parsed.data.path);
      return;
    }
    if (file.status === 'error') {
      // Failed files are dropped from the list (spec section 8).
      void message.error(t('upload.failed', { file: file.name }));
      setFileList(next.filter((item) => item.uid !== file.uid));
      return;
    }
    if (file.status === 'removed') {
      setFileList(next);
      onChange?.(null);
      return;
    }
    setFileList(next);
  };

  const image = kind === 'image';
  return (
    <div data-testid={testId}>
    <Upload
      name="file"
      action={buildUrl('/api/uploads/file', { directory })}
      headers={authHeaders()}
      withCredentials
      accept={image ? IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',') : undefined}
      listType={image ? 'picture-card' : 'text'}
      maxCount={1}
      fileList={fileList}
      beforeUpload={beforeUpload}
      onChange={handleChange}
      onPreview={(file) => {
        if (file.url) window.open(file.url, '_blank', 'noopener,noreferrer');
      }}
      disabled={disabled}
    >
      {image ? (
        fileList.length === 0 && (
          <button type="button" className="upload-card-button" disabled={disabled}>
            <PlusOutlined />
            <div>{t('upload.button')}</div>
          </button>
        )
      ) : (
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {t('upload.button')}
        </Button>
      )}
    </Upload>
    </div>
  );
}

/** The stored path a listed file stands for. */
function shownPathOf(file: UploadFile): string | null {
  const response: unknown = file.response;
  const parsed = ZUploadResponse.safeParse(response);
  if (parsed.success) return parsed.data.path;
  return file.uid.startsWith('stored-') ? file.uid.slice('stored-'.length) : null;
}
