import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { consignmentTransaction, type TConsignment } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { clientCheck, sectionFields, serverFieldErrors } from '../../components/transactions/form/transaction-form';
import {
  consignmentFieldOf,
  consignmentFormSections,
  consignmentFormValues,
  consignmentPayload,
  saleOrderFieldOf,
  saleOrderFormSections,
  saleOrderPayload,
} from './procurement-form';

beforeAll(() => loadTestLanguage('en'));

describe('consignment form', () => {
  const base = { lcPoNumber: '  LC-100 ', refNumber: '', saleOrderId: 4, blConsigneeId: 7, cargoTypeId: 2, quantity: ' 12.5 ', remarks: '  ' };

  it('sends the number as the LC number only when LC is chosen, and as the PO number only when PO is', () => {
    expect(consignmentPayload({ kind: 'lc', ...base })).toMatchObject({ lcNumber: 'LC-100', poNumber: null });
    expect(consignmentPayload({ kind: 'po', ...base })).toMatchObject({ lcNumber: null, poNumber: 'LC-100' });
  });

  it('sends empty texts as null, a trimmed quantity and no shipment manager when none is chosen', () => {
    expect(consignmentPayload({ kind: 'lc', ...base })).toEqual({
      lcNumber: 'LC-100',
      poNumber: null,
      refNumber: null,
      saleOrderId: 4,
      blConsigneeId: 7,
      shipmentManagerId: null,
      cargoTypeId: 2,
      quantity: '12.5',
      remarks: null,
    });
    expect(consignmentPayload({ kind: 'po', lcPoNumber: '   ' })).toMatchObject({ lcNumber: null, poNumber: null });
  });

  it('loads a PO consignment into the PO toggle with its number', () => {
    const row = { type: 'po', LCPONumber: 'PO-9', refNumber: null, saleOrderId: 1, blConsigneeId: 2, shipmentManagerId: 3, cargoTypeId: 4, quantity: '1.000', remarks: null } as TConsignment;
    expect(consignmentFormValues(row)).toMatchObject({ kind: 'po', lcPoNumber: 'PO-9', refNumber: '', shipmentManagerId: 3 });
    expect(consignmentFormValues(null)).toEqual({ kind: 'lc' });
  });

  it('puts the server’s LC and PO number errors on the one number field', () => {
    const details = { lcNumber: 'you can only put LC or PO number!', poNumber: 'you can only put LC or PO number!', quantity: 'Q' };
    expect(serverFieldErrors({ message: 'Validation failed', code: 'VALIDATION', details }, sectionFields(consignmentFormSections), consignmentFieldOf)).toEqual({
      fieldErrors: [
        { name: 'lcPoNumber', errors: ['you can only put LC or PO number!'] },
        { name: 'quantity', errors: ['Q'] },
      ],
      unplaced: [],
    });
  });
});

describe('sale order form', () => {
  it('sends dates as YYYY-MM-DD and the delivery period as two dates', () => {
    const payload = saleOrderPayload({
      number: ' SO-1 ',
      sellerId: 1,
      buyerId: 2,
      cargoTypeId: 3,
      quantity: '100',
      orderDate: dayjs('2026-11-03'),
      deliveryPeriod: [dayjs('2026-11-10'), null],
      remarks: ' note ',
    });
    expect(payload).toEqual({
      number: 'SO-1',
      sellerId: 1,
      buyerId: 2,
      cargoTypeId: 3,
      quantity: '100',
      orderDate: '2026-11-03',
      deliveryFrom: '2026-11-10',
      deliveryTo: null,
      remarks: 'note',
    });
    expect(saleOrderPayload({ deliveryPeriod: null })).toMatchObject({ deliveryFrom: null, deliveryTo: null, remarks: null });
  });

  it('shows errors of either delivery date on the period field', () => {
    expect(serverFieldErrors({ message: 'Validation failed', code: 'VALIDATION', details: { deliveryTo: 'late' } }, sectionFields(saleOrderFormSections), saleOrderFieldOf).fieldErrors).toEqual([
      { name: 'deliveryPeriod', errors: ['late'] },
    ]);
  });
});

describe('quantity check (the consignment input schema, in the browser as on the server)', () => {
  const quantityError = (quantity: string) => {
    const fields = sectionFields(consignmentFormSections);
    const input = consignmentPayload({ kind: 'lc', lcPoNumber: 'LC-1', saleOrderId: 1, blConsigneeId: 2, cargoTypeId: 3, quantity });
    return clientCheck(consignmentTransaction.schemas.input, input, fields, consignmentFieldOf)?.fieldErrors.find((error) => error.name === 'quantity')?.errors[0] ?? null;
  };

  it('accepts positive MT with at most 3 decimals and names the problem otherwise', () => {
    expect(quantityError('12.345')).toBeNull();
    expect(quantityError('0.001')).toBeNull();
    for (const wrong of ['', '0', '0.000', '-3', '1.2345', '1e3']) expect(quantityError(wrong), wrong).toEqual(expect.any(String));
    expect(quantityError('0')).not.toEqual(quantityError('1.2345'));
  });
});
