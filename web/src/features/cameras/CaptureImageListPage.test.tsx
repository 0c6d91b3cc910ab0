import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CameraMessages, type TCaptureImage } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, openOptions, renderPage, tableRowOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import CaptureImageListPage from './CaptureImageListPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const base: TCaptureImage = {
  id: 21,
  cameraId: 3,
  cameraName: 'Gate Camera',
  locationId: 5,
  locationName: 'Dammam Yard',
  machineId: 8,
  machineName: 'WB-01',
  takenAt: '2026-11-21T08:00:00.000Z',
  takenById: 1,
  takenByName: 'Lina',
  source: 'manual',
  failure: null,
  hasPicture: true,
  size: 12,
};
const rows: TCaptureImage[] = [base, { ...base, id: 22, cameraId: 4, cameraName: 'Rear Camera', source: 'weighing', failure: CameraMessages.failureTimeout, hasPicture: false, size: null }];

function serve() {
  const lists: URLSearchParams[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/captureImage') {
      lists.push(url.searchParams);
      return json({ rows, count: 2 });
    }
    if (url.pathname === '/api/captureImage/cameras') return json({ rows: [{ id: 3, name: 'Gate Camera', locationId: 5, locationName: 'Dammam Yard', machineId: 8, machineName: 'WB-01', locked: false }] });
    if (url.pathname === '/api/captureImage/21/picture') return new Response(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }), { status: 200 });
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    if (url.pathname === '/api/locations') return json([]);
    return undefined;
  });
  return lists;
}

beforeAll(async () => {
  await loadTestLanguage('en');
});
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  setTestSession();
});

describe('CaptureImageListPage', () => {
  it('shows each capture with its thumbnail or none, its source and result, and a download only with a picture', async () => {
    setTestSession();
    serve();
    renderPage(<CaptureImageListPage />, 'capture-image');
    const gate = tableRowOf(await screen.findByText('Gate Camera'));
    const rear = tableRowOf(screen.getByText('Rear Camera'));
    await waitFor(() => expect(gate.querySelector('img')?.getAttribute('src')).toBe('blob:thumb'));
    expect(gate.querySelector('[data-testid="captures-result"]')?.textContent).toBe('OK');
    expect(rear.querySelector('[data-testid="captures-result"]')?.textContent).toBe('Failed');
    expect(rear.querySelector('[data-testid="captures-source"]')?.textContent).toBe('Weighing');
    expect(rear.querySelector('[data-testid="capture-no-picture"]')).not.toBeNull();
    expect(gate.querySelector('[data-testid="captures-download"]')).not.toBeNull();
    expect(rear.querySelector('[data-testid="captures-download"]')).toBeNull();
    expect(screen.getByTestId('captures-add')).toBeTruthy();
    expect(screen.getByTestId('captures-export')).toBeTruthy();
  });

  it('filters by a camera of the user locations, and offers no add or export without their flags', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewCaptureImage'] });
    const lists = serve();
    renderPage(<CaptureImageListPage />, 'capture-image');
    await screen.findByText('Rear Camera');
    expect(screen.queryByTestId('captures-add')).toBeNull();
    expect(screen.queryByTestId('captures-export')).toBeNull();
    expect(await openOptions('captures-filter-camera')).toEqual(['Gate Camera']);
    const option = document.querySelector<HTMLElement>('.ant-select-item-option');
    if (!option) throw new Error('no option');
    fireEvent.click(option);
    await waitFor(() => expect(lists.at(-1)?.get('cameraId')).toBe('3'));
  });
});
