import { useState } from 'react';
import { Button, Popover } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@tonnage/contracts';
import { useLanguage } from '../app/language';

/**
 * Language choice, remembered in localStorage (top bar and login page). A popover of buttons rather than a
 * dropdown menu keeps the login page's code small.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);

  const choose = (code: Language) => {
    setOpen(false);
    if (code !== language) void setLanguage(code);
  };

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottom"
      arrow={false}
      content={
        <div className="language-options" role="menu" aria-label={t('lang.label')}>
          {LANGUAGES.map((code) => (
            <Button
              key={code}
              type="text"
              block
              role="menuitemradio"
              aria-checked={code === language}
              lang={code}
              className={code === language ? 'language-option language-option-current' : 'language-option'}
              icon={code === language ? <CheckOutlined /> : <span className="language-option-spacer" />}
              onClick={() => choose(code)}
              data-testid={`lang-option-${code}`}
            >
              {t(`lang.${code}`)}
            </Button>
          ))}
        </div>
      }
    >
      <Button type="text" icon={<GlobalOutlined />} data-testid="lang-switcher" aria-label={t('lang.label')} aria-haspopup="menu">
        {t(`lang.${language}`)}
      </Button>
    </Popover>
  );
}
