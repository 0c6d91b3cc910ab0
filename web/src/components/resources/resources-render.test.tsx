import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resourceRegistry, type ResourceDef } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { ResourceForm } from './ResourceForm';
import { ResourceList } from './ResourceList';
import { json, mockFetch, renderPage } from './resource-test-utils';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('./test-session')).sessionModule,
}));

const columnTitle = (resource: ResourceDef, name: string, language: 'en' | 'ar') => (resource.fields[name]?.label ?? resource.derived?.[name]?.label)?.[language];

/** Every declared resource's list and add form render in English and in Arabic, with the declaration's labels. */
describe.each(['en', 'ar'] as const)('every resource in %s', (language) => {
  afterEach(() => vi.restoreAllMocks());

  it.each(resourceRegistry.map((resource) => [resource.key, resource] as const))('%s: list and form', async (_key, resource) => {
    await loadTestLanguage(language);
    mockFetch((url) => (url.pathname.startsWith('/api/') ? json({ rows: [], count: 0 }) : undefined));
    renderPage(
      <>
        <ResourceList resource={resource} canAdd canEdit />
        <ResourceForm resource={resource} row={null} onSaved={() => undefined} onCancel={() => undefined} />
      </>,
      resource.route,
    );
    expect(screen.getByTestId('resource-list-title').textContent).toBe(resource.labels.many[language]);
    const headers = [...document.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
    for (const column of resource.list.columns) expect(headers).toContain(columnTitle(resource, column, language));
    for (const section of resource.form.sections) expect(screen.getAllByText(section.title[language]).length).toBeGreaterThan(0);
    const form = screen.getByTestId('resource-form');
    for (const section of resource.form.sections) {
      for (const name of section.rows.flat()) expect(form.textContent).toContain(resource.fields[name]?.label[language]);
    }
  });
});
