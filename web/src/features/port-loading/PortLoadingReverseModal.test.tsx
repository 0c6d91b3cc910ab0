import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testPortLoading } from '../../components/transactions/test-records';
import { PortLoadingReverseModal } from './PortLoadingReverseModal';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const portLoading = testPortLoading();

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

describe('the port loading’s reversal dialog', () => {
  async function open(language: 'en' | 'ar') {
    await loadTestLanguage(language);
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    mockFetch((url, init) => {
      calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      if (url.pathname === '/api/portLoading/3/reverse') return json({ message: 'Port Loading reversed successfully' });
      return undefined;
    });
    const onReversed = vi.fn(() => Promise.resolve());
    renderPage(<PortLoadingReverseModal portLoading={portLoading} onClose={() => undefined} onReversed={onReversed} />);
    return { calls, onReversed };
  }

  it('says in English how many slips in transit it also reverses, and sends that number', async () => {
    const { calls, onReversed } = await open('en');
    expect((await screen.findByTestId('pl-reverse-notice')).textContent).toContain('This also reverses 3 loading slips (\u2068105.000 MT\u2069) in transit.');
    fireEvent.change(screen.getByTestId('pl-reverse-reason'), { target: { value: 'Vessel left' } });
    fireEvent.click(screen.getByTestId('pl-reverse-ok'));
    await waitFor(() => expect(onReversed).toHaveBeenCalled());
    const reversal = calls.find((c) => c.method === 'DELETE');
    expect(reversal?.url.pathname).toBe('/api/portLoading/3/reverse');
    expect(reversal?.body).toEqual({ reason: 'Vessel left', slips: 3 });
  });

  it('says it in Arabic', async () => {
    await open('ar');
    expect((await screen.findByTestId('pl-reverse-notice')).textContent).toContain('سيؤدي هذا أيضاً إلى عكس إيصالات التحميل قيد النقل: 3 إيصال (\u2068105.000 MT\u2069).');
  });

  it('names a single slip in the singular, and says nothing when there is none', async () => {
    await loadTestLanguage('en');
    setTestSession();
    mockFetch(() => undefined);
    const { rerender } = renderPage(<PortLoadingReverseModal portLoading={{ ...portLoading, trips: 1, inTransitQuantity: '37.050' }} onClose={() => undefined} onReversed={() => Promise.resolve()} />);
    expect((await screen.findByTestId('pl-reverse-notice')).textContent).toContain('This also reverses 1 loading slip (\u206837.050 MT\u2069) in transit.');
    rerender(<></>);
    renderPage(<PortLoadingReverseModal portLoading={{ ...portLoading, trips: 0, inTransitQuantity: '0.000' }} onClose={() => undefined} onReversed={() => Promise.resolve()} />);
    await screen.findAllByTestId('pl-reverse-reason');
    expect(screen.queryByTestId('pl-reverse-notice')).toBeNull();
  });
});
