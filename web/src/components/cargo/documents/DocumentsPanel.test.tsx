import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TAgencyData, TDocument } from '@tonnage/contracts';
import { loadTestLanguage } from '../../../test/i18n';
import { json, mockFetch, renderPage } from '../../resources/resource-test-utils';
import { setTestSession } from '../../resources/test-session';
import { DocumentsPanel } from './DocumentsPanel';
import { formatFileSize } from './documents-api';

vi.mock('../../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../app/session')>()),
  ...(await import('../../resources/test-session')).sessionModule,
}));

const invoice: TDocument = {
  id: 31,
  title: 'Invoice',
  fileName: 'invoice.pdf',
  mimeType: 'application/pdf',
  size: 2_621_440,
  url: '/api/files/documents/2026/11/a.pdf',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  uploadedBy: 'Carla Clerk',
};

describe('DocumentsPanel', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the documents with download links and deletes one with the reason typed', async () => {
    let deleted = false;
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/saleOrder/5/documents' && (init?.method ?? 'GET') === 'GET') return json({ rows: deleted ? [] : [invoice], count: deleted ? 0 : 1 });
      if (url.pathname === '/api/saleOrder/5/documents/31' && init?.method === 'DELETE') {
        deleted = true;
        return json({ message: 'Document deleted successfully!' });
      }
      return undefined;
    });
    renderPage(<DocumentsPanel base="/api/saleOrder/5" canAttach={false} canDelete testIdPrefix="doc" />);
    expect(await screen.findByText('Invoice')).toBeTruthy();
    expect(screen.getByText('2.5 MB')).toBeTruthy();
    expect(screen.getByTestId('doc-download').getAttribute('href')).toBe(invoice.url);
    expect(screen.queryByTestId('doc-attach')).toBeNull();

    fireEvent.click(screen.getByTestId('doc-delete'));
    fireEvent.click(await screen.findByTestId('doc-delete-ok'));
    // No reason: the dialog says so and nothing is sent.
    expect(await screen.findByText('Reason is Required!')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.change(screen.getByTestId('doc-delete-reason'), { target: { value: '  Wrong file ' } });
    fireEvent.click(screen.getByTestId('doc-delete-ok'));
    await waitFor(() => expect(deleted).toBe(true));
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(typeof call?.[1]?.body === 'string' ? call[1].body : '')).toEqual({ reason: 'Wrong file' });
    await waitFor(() => expect(screen.queryByText('Invoice')).toBeNull());
  });

  it('offers the upload and attach controls only to those who may attach', async () => {
    mockFetch((url) => (url.pathname === '/api/consignments/2/documents' ? json({ rows: [], count: 0 }) : undefined));
    renderPage(<DocumentsPanel base="/api/consignments/2" canAttach canDelete={false} testIdPrefix="doc" />);
    expect(await screen.findByText('No documents yet.')).toBeTruthy();
    expect(screen.getByTestId('doc-upload')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('doc-attach').disabled).toBe(true);
  });

  it('shows when a document was uploaded on the agency’s clock, not the browser’s', async () => {
    const browserZone = process.env.TZ;
    // Uploaded at 10:00 UTC: 13:00 in Riyadh (the agency), 05:00 in New York (the browser).
    process.env.TZ = 'America/New_York';
    try {
      setTestSession();
      const agency = { id: 1, name: 'Red Sea Bulk Agency', logo: null, timezone: 'Asia/Riyadh', countryCode: 'SA', address: null, contactName: null, contactEmail: null, contactPhone: null, isActive: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
      const agencyData: TAgencyData = { agency, Locations: [], Cargo: [], Companies: [], Timezone: [] };
      mockFetch((url) => {
        if (url.pathname === '/api/saleOrder/5/documents') return json({ rows: [invoice], count: 1 });
        if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
        return undefined;
      });
      renderPage(<DocumentsPanel base="/api/saleOrder/5" canAttach={false} canDelete={false} testIdPrefix="doc" />);
      expect(await screen.findByText('20-Nov-2026 13:00')).toBeTruthy();
      expect(screen.queryByText('20-Nov-2026 05:00')).toBeNull();
    } finally {
      process.env.TZ = browserZone;
    }
  });

  it('formats sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
  });
});
