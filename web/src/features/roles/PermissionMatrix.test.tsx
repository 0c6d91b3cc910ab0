import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Language } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { PermissionMatrix } from './PermissionMatrix';

interface HarnessProps {
  language?: Language;
  search?: string;
  initial?: string[];
  canGrant?: (flag: string) => boolean;
}

function Harness({ language = 'en', search = '', initial = [], canGrant }: HarnessProps) {
  const [value, setValue] = useState<ReadonlySet<string>>(new Set(initial));
  return (
    <>
      <PermissionMatrix language={language} value={value} onChange={setValue} search={search} canGrant={canGrant} />
      <output data-testid="selected">{[...value].sort().join(',')}</output>
    </>
  );
}

const selected = () => screen.getByTestId('selected').textContent?.split(',').filter(Boolean) ?? [];
const box = (testId: string) => {
  const element = screen.getByTestId(testId);
  return (element instanceof HTMLInputElement ? element : element.querySelector('input')) as HTMLInputElement;
};

describe('PermissionMatrix', () => {
  beforeAll(() => loadTestLanguage('en'));

  it('selects and clears a whole group with its select-all box', () => {
    render(<Harness initial={['canViewShipping']} />);
    fireEvent.click(box('permission-group-all-procurement'));
    expect(selected()).toEqual(
      ['canAddConsignment', 'canAddSaleOrder', 'canEditConsignment', 'canEditSaleOrder', 'canReverseConsignment', 'canReverseSaleOrder', 'canViewConsignment', 'canViewSaleOrder', 'canViewShipping'].sort(),
    );
    expect(box('permission-group-all-procurement').checked).toBe(true);
    fireEvent.click(box('permission-group-all-procurement'));
    expect(selected()).toEqual(['canViewShipping']);
  });

  it('shows a partly selected group as indeterminate and toggles single flags and rows', () => {
    render(<Harness search="sale orders" />);
    fireEvent.click(box('permission-canViewSaleOrder'));
    expect(selected()).toEqual(['canViewSaleOrder']);
    expect(screen.getByTestId('permission-group-all-procurement').closest('.ant-checkbox-wrapper')?.querySelector('.ant-checkbox-indeterminate')).not.toBeNull();
    fireEvent.click(box('permission-row-SaleOrder'));
    expect(selected()).toEqual(['canAddSaleOrder', 'canEditSaleOrder', 'canReverseSaleOrder', 'canViewSaleOrder']);
  });

  it('filters modules by their label in the current language, with the matching groups open', async () => {
    await loadTestLanguage('ar');
    try {
      render(<Harness language="ar" search="موازين" />);
      expect(screen.getByTestId('permission-canEditWeightMachine')).toBeTruthy();
      expect(screen.getByTestId('permission-group-masterData').textContent).toBe('البيانات الرئيسية');
      expect(screen.queryByTestId('permission-canViewSaleOrder')).toBeNull();
      expect(screen.queryByTestId('permission-group-procurement')).toBeNull();
    } finally {
      await loadTestLanguage('en');
    }
  });

  it('lets the select-all boxes change only the flags the editor may grant', () => {
    const held = new Set(['canViewSaleOrder', 'canViewConsignment']);
    render(<Harness search="sale orders" initial={['canEditSaleOrder']} canGrant={(flag) => held.has(flag) || flag === 'canEditSaleOrder'} />);
    expect(box('permission-canAddSaleOrder').disabled).toBe(true);
    expect(box('permission-canEditSaleOrder').disabled).toBe(false);
    fireEvent.click(box('permission-row-SaleOrder'));
    expect(selected()).toEqual(['canEditSaleOrder', 'canViewSaleOrder']);
    expect(box('permission-row-SaleOrder').checked).toBe(true);
    fireEvent.click(box('permission-row-SaleOrder'));
    expect(selected()).toEqual([]);
  });

  it('says so when nothing matches', () => {
    render(<Harness search="no such module" />);
    expect(screen.getByText('No module matches the search.')).toBeTruthy();
  });
});
