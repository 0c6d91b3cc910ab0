import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../app/providers';
import SignedInApp from '../../app/SignedInApp';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch } from '../../components/resources/resource-test-utils';
import { setTestSession, testUserContext } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, removeAllListeners: () => undefined, disconnect: () => undefined }) }));
vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

function renderAt(path: string) {
  mockFetch((url) => (url.pathname === '/api/agencies/1/agencyData' ? json(testAgencyData()) : undefined));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <SignedInApp />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

const agencyUser = (permissions: string[]) => {
  const base = testUserContext();
  setTestSession({ permissions, isAgencyAdmin: false, isAgencyUser: true, user: { ...base.user, kind: 'agencyUser' } });
};

describe('the display-weight route (spec 2.14)', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    window.localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is full screen: the display without the side menu', async () => {
    agencyUser(['canViewWeightDisplay']);
    renderAt('/agencies/1/display-weight');
    expect(await screen.findByTestId('weight-screen')).toBeTruthy();
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('needs the weight display permission, and the own agency', async () => {
    agencyUser(['canViewWeightMachine']);
    renderAt('/agencies/1/display-weight');
    expect(await screen.findByTestId('page-unauthorized')).toBeTruthy();
    expect(screen.queryByTestId('weight-screen')).toBeNull();
  });

  it("refuses another agency's display", async () => {
    agencyUser(['canViewWeightDisplay']);
    renderAt('/agencies/2/display-weight');
    expect(await screen.findByTestId('page-unauthorized')).toBeTruthy();
  });
});
