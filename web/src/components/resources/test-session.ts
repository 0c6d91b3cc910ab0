import type { TUserContext } from '@tonnage/contracts';
import type { SessionValue } from '../../app/session';

/**
 * A signed-in session for component tests, without the session provider. A test file replaces the session module:
 *
 *   vi.mock('../../app/session', async (original) => ({ ...(await original()), ...(await import('./test-session')).sessionModule }));
 *
 * and changes what the components see with `setTestSession`.
 */
export function testUserContext(overrides: Partial<TUserContext> = {}): TUserContext {
  return {
    user: {
      id: 1,
      agencyId: 1,
      username: 'lina.admin',
      kind: 'agencyAdmin',
      firstName: 'Lina',
      lastName: null,
      initials: null,
      email: 'lina@example.com',
      phone: null,
      address: null,
      residenceCountryId: null,
      cityId: null,
      originCountryId: null,
      idNumber: null,
      profilePic: null,
      passwordResetAt: null,
      companyId: null,
      roleId: null,
      shipmentManagerIds: [],
      consigneeIds: [],
      locationIds: [],
      isActive: true,
    },
    permissions: [],
    isSuperAdmin: false,
    isAgencyAdmin: true,
    isAgencyUser: false,
    isCompanyAdmin: false,
    company: null,
    agency: { id: 1, name: 'Red Sea Bulk Agency', logo: null, isActive: true },
    s3Url: '/api/files/',
    passwordResetDue: false,
    dataScope: { shipmentManagerIds: null, consigneeIds: null, locationIds: null },
    ...overrides,
  };
}

const idle = () => Promise.resolve();

function sessionOf(userContext: TUserContext): SessionValue {
  return {
    status: 'signedIn',
    token: 'test-token',
    userContext,
    selectedAgencyId: userContext.agency?.id ?? 1,
    selectAgency: () => undefined,
    completeLogin: () => Promise.resolve(true),
    logout: idle,
    expireSession: () => undefined,
    refreshUserContext: idle,
  };
}

let current = sessionOf(testUserContext());

/** What `useSession` answers from now on (the default: an agency admin of agency 1, unrestricted). */
export function setTestSession(overrides: Partial<TUserContext> = {}): void {
  current = sessionOf(testUserContext(overrides));
}

export const sessionModule = {
  useSession: (): SessionValue => current,
  useUserContext: (): TUserContext => {
    if (!current.userContext) throw new Error('signed out');
    return current.userContext;
  },
};
