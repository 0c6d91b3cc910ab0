import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession, testUserContext } from '../../components/resources/test-session';
import { useAgencyData } from './agency-api';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

/** Spec 2.1: an agency user whose role grants nothing. */
const noPermissionUser = {
  user: { ...testUserContext().user, kind: 'agencyUser' as const },
  isAgencyAdmin: false,
  isAgencyUser: true,
  permissions: [],
};

function Probe() {
  const data = useAgencyData(1);
  return <span data-testid="probe">{data.isFetched ? 'fetched' : 'idle'}</span>;
}

const agencyDataCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost').pathname).filter((path) => path.endsWith('/agencyData'));

describe('useAgencyData (the top bar, pickers and forms read it)', () => {
  afterEach(() => {
    setTestSession();
    vi.restoreAllMocks();
  });

  it('does not ask for the agency data for a user without any permission: the server refuses it with 403', async () => {
    const fetch = mockFetch(() => json({ message: 'User is not Permitted Access to some data in this module.', code: 'FORBIDDEN' }, 403));
    setTestSession(noPermissionUser);
    renderPage(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('probe').textContent).toBe('idle');
    expect(agencyDataCalls(fetch)).toEqual([]);
  });

  it('asks for it for a user holding a permission', async () => {
    const fetch = mockFetch(() => undefined);
    setTestSession({ ...noPermissionUser, permissions: ['canViewDashboard'] });
    renderPage(<Probe />);
    await waitFor(() => expect(agencyDataCalls(fetch)).toEqual(['/api/agencies/1/agencyData']));
  });
});
