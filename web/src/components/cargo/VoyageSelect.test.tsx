import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/providers';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, urlOf } from '../resources/resource-test-utils';
import { VoyageSelect, voyageSearchOf } from './VoyageSelect';

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('voyageSearchOf', () => {
  it('asks the server only after more than 2 characters', () => {
    expect(voyageSearchOf('ab')).toBeUndefined();
    expect(voyageSearchOf('  ab  ')).toBeUndefined();
    expect(voyageSearchOf(' abc ')).toBe('abc');
  });
});

describe('VoyageSelect', () => {
  it('searches vessel voyages after 3 characters (at most 10) and reports the chosen voyage', async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/api/voyage/vessel-voyage-number'
        ? json({ rows: [{ id: 5, vesselName: 'OCEAN STAR', voyageNumber: 'V-12' }] })
        : undefined,
    );
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <VoyageSelect onChange={onChange} data-testid="voyage" />
        </AntApp>
      </QueryClientProvider>,
    );
    const combobox = within(screen.getByTestId('voyage').closest('.ant-select') ?? screen.getByTestId('voyage')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'oc' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(combobox, { target: { value: 'oce' } });
    const option = await screen.findByText('OCEAN STAR / V-12', {}, { timeout: 2000 });
    const url = new URL(urlOf(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('search')).toBe('oce');
    expect(url.searchParams.get('limit')).toBe('10');
    fireEvent.click(option);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(5, { id: 5, vesselName: 'OCEAN STAR', voyageNumber: 'V-12' }));
  });

  it('names a value it holds without its name (a filter read back from the URL) by asking the server for that id', async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/api/voyage/vessel-voyage-number' && url.searchParams.get('id') === '7'
        ? json({ rows: [{ id: 7, vesselName: 'NORTH WIND', voyageNumber: 'NW-4' }] })
        : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <VoyageSelect value={7} data-testid="voyage" />
        </AntApp>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('NORTH WIND / NW-4', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByText('7')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(urlOf(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('search')).toBeNull();
  });

  it('names the known voyage of an edited record without asking the server', () => {
    const fetch = mockFetch(() => undefined);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <VoyageSelect value={9} known={{ id: 9, vesselName: 'SEA LION', voyageNumber: '003' }} data-testid="voyage" />
        </AntApp>
      </QueryClientProvider>,
    );
    expect(screen.getByText('SEA LION / 003')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
