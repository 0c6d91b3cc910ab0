import { describe, expect, it } from 'vitest';
import { berthResource, defineResource, resourceRegistry, resourceSchemas, truckResource } from './index';

describe('resource schemas', () => {
  it('drops searches of 2 characters or fewer and checks page sizes', () => {
    const { listQuery } = resourceSchemas(truckResource);
    expect(listQuery.parse({ search: 'ab' })).toMatchObject({ search: undefined, page: 1, limit: 20, sortBy: 'plateNumber', sortOrder: 'asc', status: 'all' });
    expect(listQuery.parse({ search: ' abc ' }).search).toBe('abc');
    expect(listQuery.safeParse({ limit: '25' }).success).toBe(false);
    expect(listQuery.parse({ limit: '100', capacityMin: '10', capacityMax: '' })).toMatchObject({ limit: 100, capacityMin: 10, capacityMax: undefined });
  });

  it('validates input with the field messages and normalizes values', () => {
    const { input } = resourceSchemas(berthResource);
    const missing = input.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Please input name!'],
      ['portId', 'Please select port!'],
    ]);
    expect(input.parse({ name: '  Berth 1 ', portId: 3, maxDraft: '' })).toEqual({ name: 'Berth 1', portId: 3, maxDraft: null });
    expect(resourceSchemas(truckResource).input.parse({ plateNumber: 'jed 1', transporterId: 4, tareWeight: 1.5, capacity: 30.125 })).toEqual({
      plateNumber: 'JED 1',
      transporterId: 4,
      tareWeight: 1.5,
      capacity: 30.125,
    });
  });

  it('refuses declarations that name unknown fields', () => {
    expect(() =>
      defineResource({
        key: 'broken',
        route: 'broken',
        table: 'broken',
        permissionModule: 'Port',
        labels: { one: { en: 'B', ar: 'ب' }, many: { en: 'Bs', ar: 'ب' } },
        display: 'name',
        fields: { name: { kind: 'text', label: { en: 'Name', ar: 'الاسم' }, max: 20, required: true } },
        list: { columns: ['name'], defaultSort: { field: 'name', order: 'asc' } },
        form: { sections: [] },
      }),
    ).toThrow('default sort name is not sortable');
    expect(new Set(resourceRegistry.map((r) => r.key)).size).toBe(resourceRegistry.length);
  });
});
