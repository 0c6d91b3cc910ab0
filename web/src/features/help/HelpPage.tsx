import { Card, Tabs } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HELP_DOCUMENTS, HELP_TABS, helpDocumentPath, helpLanguageOf } from '@tonnage/contracts';
import { fileUrl } from '../../app/files';
import { useLanguage } from '../../app/language';
import { useUserContext } from '../../app/session';

/**
 * Spec section 2.10: three card-style tabs of PDF links under the session's storage address, in the user's language
 * (Arabic documents for Arabic, the English ones for every other language).
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const { s3Url } = useUserContext();
  const helpLanguage = helpLanguageOf(useLanguage().language);
  return (
    <div className="page" data-testid="help-page">
      <Card title={t('help.title')}>
        <Tabs
          type="card"
          defaultActiveKey="flowDiagram"
          destroyOnHidden
          items={HELP_TABS.map((tab) => ({
            key: tab,
            label: <span data-testid={`help-tab-${tab}`}>{t(`help.tabs.${tab}`)}</span>,
            children: (
              <ul className="help-files" data-testid={`help-files-${tab}`}>
                {HELP_DOCUMENTS.filter((document) => document.tab === tab).map((document) => (
                  <li key={document.name}>
                    <a
                      href={fileUrl(s3Url, helpDocumentPath(document, helpLanguage))}
                      target="_blank"
                      rel="noopener noreferrer"
                      download
                      data-testid="help-file"
                      data-document={document.name}
                      className="help-file-link"
                    >
                      <FilePdfOutlined /> {t(`help.files.${document.key}`)}
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
