import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { CameraMessages, type TCaptureCamera, type TCaptureImage } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, openOptions, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import CaptureImageAddPage from './CaptureImageAddPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const cameras: TCaptureCamera[] = [
  { id: 3, name: 'Gate Camera', locationId: 5, locationName: 'Dammam Yard', machineId: 8, machineName: 'WB-01', locked: false },
  { id: 4, name: 'Rear Camera', locationId: 5, locationName: 'Dammam Yard', machineId: 8, machineName: 'WB-01', locked: true },
];

const image = (overrides: Partial<TCaptureImage> = {}): TCaptureImage => ({
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
  ...overrides,
});

type Call = { method: string; path: string; body: unknown };

function serve(taken: TCaptureImage) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    calls.push({ method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/captureImage/cameras') return json({ rows: cameras });
    if (url.pathname === '/api/captureImage' && init?.method === 'POST') return json({ message: taken.failure ?? CameraMessages.created, image: taken });
    if (url.pathname === `/api/captureImage/${taken.id}/picture`) return new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), { status: 200, headers: { 'content-type': 'image/jpeg' } });
    // The agency's time zone for the time taken.
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    return undefined;
  });
  return calls;
}

async function chooseCamera(label: string) {
  const options = await openOptions('capture-camera');
  expect(options).toEqual(['Gate Camera (Dammam Yard · WB-01)', 'Rear Camera (Dammam Yard · WB-01)']);
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

beforeEach(() => {
  setTestSession();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CaptureImageAddPage', () => {
  it('takes a snapshot from the chosen camera, shows the picture and downloads it', async () => {
    await loadTestLanguage('en');
    const calls = serve(image());
    renderPage(<CaptureImageAddPage />, 'capture-image/add');
    expect(screen.getByTestId('capture-take').closest('button')?.disabled).toBe(true);
    await chooseCamera('Gate Camera (Dammam Yard · WB-01)');
    fireEvent.click(screen.getByTestId('capture-take'));
    await screen.findByText('Capture Image created successfully');
    expect(calls.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/captureImage', body: { cameraId: 3 } });
    const picture = await screen.findByTestId('capture-picture');
    const img = picture.tagName === 'IMG' ? picture : picture.querySelector('img');
    expect(img?.getAttribute('src')).toBe('blob:picture');
    fireEvent.click(screen.getByTestId('captures-download'));
    await screen.findByText('Capture Image downloaded successfully');
    expect(calls.some((call) => call.path === '/api/captureImage/21/picture?download=1')).toBe(true);
  });

  it('shows why there is no picture, in Arabic, and marks a locked camera', async () => {
    await loadTestLanguage('ar');
    serve(image({ cameraId: 4, cameraName: 'Rear Camera', failure: CameraMessages.failureLocked, hasPicture: false, size: null }));
    renderPage(<CaptureImageAddPage />, 'capture-image/add');
    await chooseCamera('Rear Camera (Dammam Yard · WB-01)');
    expect(screen.getByTestId('capture-locked').textContent).toContain('مقفلة');
    fireEvent.click(screen.getByTestId('capture-take'));
    const failure = await screen.findByTestId('capture-failure');
    expect(failure.textContent).toContain('رفضت الكاميرا اسم المستخدم أو كلمة المرور سابقًا');
    expect(screen.queryByTestId('capture-picture')).toBeNull();
    expect(screen.queryByTestId('captures-download')).toBeNull();
    await loadTestLanguage('en');
  });
});
