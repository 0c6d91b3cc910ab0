import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './app/global.css';
import { applyDocumentLanguage } from './app/direction';
import { initialLanguage, prepareLanguage } from './app/language';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRouter } from './app/router';

/** Spec section 9: a service worker left by an earlier deployment is removed. */
function unregisterServiceWorkers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}

async function start(): Promise<void> {
  unregisterServiceWorkers();
  const chosen = initialLanguage();
  // The page takes the chosen direction at once, not after the language's texts have loaded (no flash of
  // left-to-right layout in Arabic).
  if (typeof chosen === 'string') applyDocumentLanguage(chosen);
  let language = typeof chosen === 'string' ? chosen : await chosen;
  let locale;
  try {
    locale = await prepareLanguage(language);
  } catch (error) {
    // A language chunk that cannot load must not keep the app from starting.
    console.error('Language could not be loaded', error);
    language = 'en';
    locale = await prepareLanguage(language);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root');
  createRoot(container).render(
    <StrictMode>
      <AppProviders language={language} locale={locale} queryClient={createQueryClient()}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
