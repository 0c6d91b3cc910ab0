import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TResourceRow } from '@tonnage/contracts';
import { createQueryClient } from '../../app/providers';

/** The table row an element stands in (a list page's row), failing the test when there is none. */
export function tableRowOf(element: Element): HTMLTableRowElement {
  const row = element.closest('tr');
  if (!row) throw new Error(`no table row around ${element.textContent ?? ''}`);
  return row;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const urlOf = (input: unknown) => (typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url);

/** A row as the API returns it, with the system columns filled in. */
export function apiRow(id: number, fields: Record<string, unknown>): TResourceRow {
  return { id, isActive: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...fields };
}

type Answer = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** A fetch answering by path (`/api/port` → rows); anything unknown is a 404. Records every call. */
export function mockFetch(answer: Answer) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    return Promise.resolve(answer(url, init) ?? json({ message: 'Not Found', code: 'NOT_FOUND' }, 404));
  });
}

/** Renders inside the providers a page needs, at `/agencies/1/<path>`. */
export function renderPage(element: ReactNode, path = 'x') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>
        <MemoryRouter initialEntries={[`/agencies/1/${path}`]}>
          <Routes>
            <Route path="/agencies/:agencyId/*" element={element} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

/** The labels of the open select's options. */
export async function openOptions(testId: string): Promise<string[]> {
  const select = screen.getByTestId(testId);
  const combobox = within(select.closest('.ant-select') ?? select).getByRole('combobox');
  fireEvent.mouseDown(combobox);
  return waitFor(() => {
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((item) => item.textContent ?? '');
    if (options.length === 0) throw new Error('no options yet');
    return options;
  });
}
