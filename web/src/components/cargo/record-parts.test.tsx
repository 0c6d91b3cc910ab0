import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { loadTestLanguage } from '../../test/i18n';
import { nextPage, RecordActions, RecordStatusTag } from './record-parts';

const reversed = { status: 'Reversed' as const, reverseReason: 'Duplicate LC', reversedBy: 'Layla Haddad', reversedAt: '2026-11-20T10:00:00Z' };

describe('record parts of the transaction lists', () => {
  beforeEach(() => loadTestLanguage('en'));

  it('tags an active record Active and a reversed one Reversed, in Arabic too', async () => {
    const { rerender } = render(<RecordStatusTag record={{ status: 'Active' }} testId="status" />);
    expect(screen.getByTestId('status').textContent).toBe('Active');
    rerender(<RecordStatusTag record={reversed} testId="status" />);
    expect(screen.getByTestId('status').textContent).toBe('Reversed');
    await loadTestLanguage('ar');
    rerender(<RecordStatusTag record={reversed} testId="status" />);
    expect(screen.getByTestId('status').textContent).toBe('معكوسة');
  });

  it('offers edit and reverse on an active record only, and only with the permission', () => {
    const onEdit = vi.fn();
    const onReverse = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <RecordActions record={{ status: 'Active' }} testIdPrefix="row" edit={{ onClick: onEdit }} onReverse={onReverse}>
          <span data-testid="row-documents" />
        </RecordActions>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('row-edit'));
    fireEvent.click(screen.getByTestId('row-reverse'));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(onReverse).toHaveBeenCalledOnce();

    rerender(
      <MemoryRouter>
        <RecordActions record={reversed} testIdPrefix="row" edit={{ onClick: onEdit }} onReverse={onReverse}>
          <span data-testid="row-documents" />
        </RecordActions>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-reverse')).toBeNull();
    expect(screen.getByTestId('row-documents')).toBeTruthy();

    rerender(
      <MemoryRouter>
        <RecordActions record={{ status: 'Active' }} testIdPrefix="row" edit={{ to: '/agencies/1/portLoading/7/edit' }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('row-edit').getAttribute('href')).toBe('/agencies/1/portLoading/7/edit');
    expect(screen.queryByTestId('row-reverse')).toBeNull();
  });

  it('keeps the page when only the page changes, and starts at page 1 with a new page size', () => {
    const state = { page: 3, limit: 20, search: 'x' };
    expect(nextPage(state, { current: 4, pageSize: 20 })).toEqual({ page: 4, limit: 20, search: 'x' });
    expect(nextPage(state, { current: 3, pageSize: 50 })).toEqual({ page: 1, limit: 50, search: 'x' });
  });
});
