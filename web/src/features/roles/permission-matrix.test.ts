import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from '@tonnage/contracts';
import { buildMatrix, checkState, PERMISSION_GROUPS, sameSelection, setFlags } from './permission-matrix';

describe('permission matrix', () => {
  it('shows every flag of the catalogue exactly once, grouped by module group', () => {
    const groups = buildMatrix('en');
    expect(groups.map((group) => group.group)).toEqual(PERMISSION_GROUPS);
    const shown = groups.flatMap((group) => group.flags);
    expect(new Set(shown).size).toBe(shown.length);
    expect(new Set(shown)).toEqual(new Set(permissionCatalogue.map((entry) => entry.flag)));
  });

  it('has a cell only for the actions a module has', () => {
    const procurement = buildMatrix('en').find((group) => group.group === 'procurement');
    const saleOrder = procurement?.rows.find((row) => row.moduleKey === 'SaleOrder');
    expect(saleOrder?.cells).toEqual({ view: 'canViewSaleOrder', add: 'canAddSaleOrder', edit: 'canEditSaleOrder', reverse: 'canReverseSaleOrder' });
    const reports = buildMatrix('en').find((group) => group.group === 'reports');
    expect(Object.keys(reports?.rows[0]?.cells ?? {})).toEqual(['view', 'export']);
  });

  it('lists the special flags in their group', () => {
    const dashboard = buildMatrix('en').find((group) => group.group === 'dashboard');
    expect(dashboard?.specials.map((special) => special.flag)).toContain('canViewWarehouseDashboardExcel');
  });

  it('filters modules by their label in the current language and drops empty groups', () => {
    const english = buildMatrix('en', 'SALE ORDERS');
    expect(english.map((group) => group.group)).toEqual(['procurement']);
    expect(english[0]?.rows.map((row) => row.moduleKey)).toEqual(['SaleOrder']);

    const arabic = buildMatrix('ar', 'أوامر البيع');
    expect(arabic.flatMap((group) => group.rows.map((row) => row.moduleKey))).toEqual(['SaleOrder', 'SoReport']);
    expect(arabic[0]?.rows[0]?.label).toBe('أوامر البيع');
    expect(buildMatrix('ar', 'Sale orders')).toEqual([]);
  });

  it('reads English labels for the languages the catalogue does not have', () => {
    expect(buildMatrix('fr', 'sale orders')[0]?.rows[0]?.label).toBe('Sale orders');
  });

  it('keeps special flags whose label matches', () => {
    const groups = buildMatrix('en', 'excel');
    expect(groups.map((group) => group.group)).toEqual(['dashboard']);
    expect(groups[0]?.rows).toEqual([]);
    expect(groups[0]?.flags).toEqual(['canViewWarehouseDashboardExcel']);
  });

  it('selects and clears a whole group, and reports checked or indeterminate', () => {
    const procurement = buildMatrix('en').find((group) => group.group === 'procurement');
    const flags = procurement?.flags ?? [];
    const start = new Set(['canViewShipping', 'canViewSaleOrder']);
    expect(checkState(flags, start)).toEqual({ checked: false, indeterminate: true });
    const all = setFlags(start, flags, true);
    expect(checkState(flags, all)).toEqual({ checked: true, indeterminate: false });
    expect(all.has('canViewShipping')).toBe(true);
    const none = setFlags(all, flags, false);
    expect(checkState(flags, none)).toEqual({ checked: false, indeterminate: false });
    expect([...none]).toEqual(['canViewShipping']);
  });

  it('compares selections regardless of order', () => {
    expect(sameSelection(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(sameSelection(new Set(['a']), new Set(['a', 'b']))).toBe(false);
  });
});
