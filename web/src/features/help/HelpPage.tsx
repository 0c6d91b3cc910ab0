import { Card, Tabs } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../app/files';
import { useUserContext } from '../../app/session';
import { helpFiles, type HelpTab } from './help-files';

const TABS: readonly HelpTab[] = ['flowDiagram', 'modules', 'reports'];

/** Spec section 2.10: three card-style tabs of PDF links under the session's storage address. */
export default function HelpPage() {
  const { t } = useTranslation();
  const { s3Url } = useUserContext();
  return (
    <div className="page" data-testid="help-page">
      <Card title={t('help.title')}>
        <Tabs
          type="card"
          defaultActiveKey="flowDiagram"
          destroyOnHidden
          items={TABS.map((tab) => ({
            key: tab,
            label: <span data-testid={`help-tab-${tab}`}>{t(`help.tabs.${tab}`)}</span>,
            children: (
              <ul className="help-files">
                {helpFiles[tab].map((file) => (
                  <li key={file.path}>
                    <a
                      href={fileUrl(s3Url, file.path)}
                      target="_blank"
                      rel="noopener noreferrer"
                      download
                      data-testid="help-file"
                      className="help-file-link"
                    >
                      <FilePdfOutlined /> {t(`help.files.${file.key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
