import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { loadTestLanguage } from '../test/i18n';
import { guardedLinkTarget, useUnsavedChangesGuard } from './unsaved-changes';

function Editor() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        change
      </button>
      <Link to="/elsewhere">away</Link>
    </>
  );
}

function renderEditor() {
  render(
    <App>
      <MemoryRouter initialEntries={['/editor']}>
        <Routes>
          <Route path="/editor" element={<Editor />} />
          <Route path="/elsewhere" element={<p>elsewhere page</p>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

describe('unsaved changes guard', () => {
  beforeAll(() => loadTestLanguage('en'));

  it('lets links go when nothing changed', () => {
    renderEditor();
    fireEvent.click(screen.getByText('away'));
    expect(screen.getByText('elsewhere page')).toBeTruthy();
  });

  it('asks before following a link with unsaved changes, and stays or leaves as answered', async () => {
    renderEditor();
    fireEvent.click(screen.getByText('change'));
    fireEvent.click(screen.getByText('away'));
    await screen.findByText(/unsaved changes on this page/);
    expect(screen.queryByText('elsewhere page')).toBeNull();

    fireEvent.click(screen.getByText('Stay'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('elsewhere page')).toBeNull();

    // The first dialog's closing animation does not finish in happy-dom; the new dialog is the last one.
    fireEvent.click(screen.getByText('away'));
    await waitFor(() => expect(screen.getAllByText(/unsaved changes on this page/)).toHaveLength(2));
    await act(async () => {
      fireEvent.click(screen.getAllByText('Leave').at(-1) ?? document.body);
      await Promise.resolve();
    });
    await screen.findByText('elsewhere page');
  });

  it('asks the browser before the tab is closed or reloaded', () => {
    renderEditor();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByText('change'));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('only guards plain clicks on same-site links to another address', () => {
    const anchor = document.createElement('a');
    document.body.append(anchor);
    const click = (init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, button: 0, ...init });
      Object.defineProperty(event, 'target', { value: anchor });
      return event;
    };
    const here = new URL('http://localhost/agencies/1/roles/2/permissions') as unknown as Location;
    anchor.href = 'http://localhost/agencies/1/users';
    expect(guardedLinkTarget(click(), here)).toBe('/agencies/1/users');
    expect(guardedLinkTarget(click({ ctrlKey: true }), here)).toBeNull();
    anchor.href = 'http://localhost/agencies/1/roles/2/permissions';
    expect(guardedLinkTarget(click(), here)).toBeNull();
    anchor.href = 'https://example.com/';
    expect(guardedLinkTarget(click(), here)).toBeNull();
    anchor.href = 'http://localhost/file.pdf';
    anchor.target = '_blank';
    expect(guardedLinkTarget(click(), here)).toBeNull();
    anchor.remove();
  });
});
