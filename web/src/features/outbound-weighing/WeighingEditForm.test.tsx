import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RawResult } from '../../app/api';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { loadTestLanguage } from '../../test/i18n';
import { WeighingEditForm } from './WeighingEditForm';

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

const saved: RawResult = { ok: true, status: 200, headers: new Headers(), data: {} };

/** The driver picker's list: one driver, id 7. */
function serveDrivers() {
  mockFetch((url) => (url.pathname.startsWith('/api/driver') ? json({ rows: [{ id: 7, name: 'Imran Khan' }], count: 1 }) : json({ rows: [], count: 0 })));
}

function show(record: { status: string; remarks: string | null; driverId?: number }, save = vi.fn(() => Promise.resolve(saved))) {
  serveDrivers();
  renderPage(
    <WeighingEditForm
      record={record}
      facts={[{ label: 'Weight (kg)', value: '32,540' }]}
      save={save}
      saved="Saved it"
      queryKey="outboundFirstWeight"
      listRoute="outbound-first-weight"
      testId="edit-form"
      prefix="w"
    />,
  );
  return save;
}

describe('the edit page of a saved weighing', () => {
  it('shows the weight locked and sends only the remarks (and the driver when the weighing has one)', async () => {
    const save = show({ status: 'Active', remarks: 'old', driverId: 7 });
    expect(screen.getByText('32,540')).toBeTruthy();
    expect(screen.getByTestId('w-driver')).toBeTruthy();
    fireEvent.change(screen.getByDisplayValue('old'), { target: { value: 'Driver changed at the gate' } });
    fireEvent.click(screen.getByTestId('w-save'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ driverId: 7, remarks: 'Driver changed at the gate' }));
    expect(await screen.findByText('Saved it')).toBeTruthy();
  });

  it('has no driver field for a weighing without one, and a reversed record cannot be saved', async () => {
    const save = show({ status: 'Reversed', remarks: null });
    expect(screen.queryByTestId('w-driver')).toBeNull();
    expect(screen.getByTestId('w-save').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('w-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(save).not.toHaveBeenCalled();
  });
});
