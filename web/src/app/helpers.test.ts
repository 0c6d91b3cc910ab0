import { describe, expect, it } from 'vitest';
import type { TUserContext } from '@tonnage/contracts';
import { isImageName, isWithinSize, maxSizeMb } from '../components/FileUpload';
import { redirectTarget } from '../features/auth/LoginPage';
import { lacksAllPermissions, visibleDashboardTabs } from '../features/dashboard/DashboardPage';
import { isChunkLoadError } from './ErrorBoundary';
import { fileUrl } from './files';
import { viewportOf } from './layout/viewport';
import { testUserContext } from '../components/resources/test-session';
import { isUserContextUpdate } from './socket';

/** An agency user of agency 2: the shared test session's context with its user, flags and agency changed. */
function context(overrides: Partial<TUserContext>): TUserContext {
  const base = testUserContext();
  return testUserContext({
    user: { ...base.user, id: 5, agencyId: 2, username: 'u', kind: 'agencyUser' },
    isAgencyAdmin: false,
    isAgencyUser: true,
    agency: { id: 2, name: 'A', logo: null, isActive: true },
    ...overrides,
  });
}

describe('breakpoints', () => {
  it('follow spec section 9', () => {
    expect(viewportOf(1221)).toBe('desktop');
    expect(viewportOf(1220)).toBe('tablet');
    expect(viewportOf(768)).toBe('tablet');
    expect(viewportOf(767)).toBe('mobile');
  });
});

describe('dashboard tabs', () => {
  it('shows the tabs of the user permissions in order', () => {
    expect(visibleDashboardTabs(context({ permissions: ['canViewMapDashboard', 'canViewDashboard'] }))).toEqual(['vessel', 'map']);
    expect(visibleDashboardTabs(context({ isAgencyAdmin: true, isAgencyUser: false }))).toHaveLength(6);
  });

  it('flags agency users and company admins without any permission', () => {
    expect(lacksAllPermissions(context({}))).toBe(true);
    expect(lacksAllPermissions(context({ isAgencyUser: false, isCompanyAdmin: true }))).toBe(true);
    expect(lacksAllPermissions(context({ permissions: ['canViewShipping'] }))).toBe(false);
    expect(lacksAllPermissions(context({ isAgencyAdmin: true, isAgencyUser: false }))).toBe(false);
  });
});

describe('small helpers', () => {
  it('builds stored-file addresses under s3Url', () => {
    expect(fileUrl('/api/files/', 'profile/a.png')).toBe('/api/files/profile/a.png');
    expect(fileUrl('https://cdn.example.com/bucket', '/help/x.pdf')).toBe('https://cdn.example.com/bucket/help/x.pdf');
    expect(fileUrl('/api/files/', 'https://elsewhere.example/a.png')).toBe('https://elsewhere.example/a.png');
    expect(fileUrl('/api/files/', null)).toBeUndefined();
  });

  it('checks upload sizes and image types (spec section 5)', () => {
    expect(maxSizeMb('image')).toBe(5);
    expect(maxSizeMb('document')).toBe(25);
    expect(isWithinSize(5 * 1024 * 1024, 5)).toBe(true);
    expect(isWithinSize(5 * 1024 * 1024 + 1, 5)).toBe(false);
    expect(isImageName('Logo.JPEG')).toBe(true);
    expect(isImageName('scan.pdf')).toBe(false);
  });

  it('recognises the user-context event and chunk load failures', () => {
    expect(isUserContextUpdate({ userContextUpdated: true })).toBe(true);
    expect(isUserContextUpdate({ userContextUpdated: false })).toBe(false);
    expect(isUserContextUpdate('x')).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('returns after login only to local addresses', () => {
    expect(redirectTarget({ from: '/agencies/2/dashboard' })).toBe('/agencies/2/dashboard');
    expect(redirectTarget({ from: 'https://evil.example' })).toBe('/');
    expect(redirectTarget({ from: '//evil.example/x' })).toBe('/');
    expect(redirectTarget(null)).toBe('/');
  });
});
