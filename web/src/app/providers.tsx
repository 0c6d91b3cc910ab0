import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import type { Locale } from 'antd/es/locale';
import type { Language } from '@tonnage/contracts';
import { ApiBridge } from './ApiBridge';
import { i18n } from './i18n';
import { LanguageProvider } from './language';
import { SessionProvider } from './session';
import { UpdateNotice } from './UpdateNotice';

/** Failures are reported once by the API client and come back as null, so queries never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

interface AppProvidersProps {
  language: Language;
  locale: Locale;
  queryClient: QueryClient;
  children: ReactNode;
}

/** i18n, data, antd (theme, locale, direction), router and session, in the order they depend on each other. */
export function AppProviders({ language, locale, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider language={language} locale={locale}>
          <BrowserRouter>
            <SessionProvider>
              <ApiBridge />
              <UpdateNotice />
              {children}
            </SessionProvider>
          </BrowserRouter>
        </LanguageProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
