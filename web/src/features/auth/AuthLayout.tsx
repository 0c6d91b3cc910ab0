import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';

/** The frame of the signed-out pages: brand, a panel with the form, and the language switcher. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className="auth-language">
        <LanguageSwitcher />
      </div>
      <div className="auth-panel">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <div>
            <div className="auth-brand-name">{t('app.name')}</div>
            <div className="auth-brand-tagline">{t('app.tagline')}</div>
          </div>
        </div>
        <section className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </section>
      </div>
    </main>
  );
}
