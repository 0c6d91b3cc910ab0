import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ZShipmentInput, shipmentTransaction, type TShipment } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { clientCheck, sectionFields, serverFieldErrors } from '../../components/transactions/form/transaction-form';
import {
  formFieldOf,
  formValuesOf,
  shipmentFormSections,
  toShipmentInput,
  type ShipmentFormValues,
} from './shipping-form';

beforeAll(() => loadTestLanguage('en'));

describe('toShipmentInput', () => {
  it('sends only the voyage id for an existing voyage, with trimmed texts and ISO dates, and passes the contract', () => {
    const input = toShipmentInput({
      voyageMode: 'existing',
      voyageId: 7,
      vesselId: 3, // left over from the new-voyage fields: must not be sent
      voyageNumber: 'V-9',
      consignmentId: 11,
      blNumber: '  BL-1 ',
      blQuantity: ' 120.500 ',
      blConsigneeId: undefined,
      blDate: dayjs('2026-10-20'),
    });
    expect(input).toEqual({ voyageId: 7, consignmentId: 11, blNumber: 'BL-1', blQuantity: '120.500', blConsigneeId: null, blDate: '2026-10-20' });
    expect(ZShipmentInput.safeParse(input).success).toBe(true);
  });

  it('sends the new voyage (and no voyage id) with its berth and dates', () => {
    const input = toShipmentInput({
      voyageMode: 'new',
      voyageId: 99,
      vesselId: 3,
      voyageNumber: ' V-10 ',
      portId: 4,
      berthId: 5,
      arrivalDate: dayjs('2026-11-01'),
      completionDate: null,
      consignmentId: 11,
      blNumber: 'BL-2',
      blQuantity: '10',
      blConsigneeId: 8,
      blDate: null,
    });
    expect(input).toEqual({
      voyage: { vesselId: 3, voyageNumber: 'V-10', portId: 4, berthId: 5, arrivalDate: '2026-11-01', completionDate: null },
      consignmentId: 11,
      blNumber: 'BL-2',
      blQuantity: '10',
      blConsigneeId: 8,
      blDate: null,
    });
    expect(ZShipmentInput.safeParse(input).success).toBe(true);
  });
});

describe('formValuesOf', () => {
  it('edits a shipment on its existing voyage with its BL fields', () => {
    const shipment = { voyageId: 4, consignmentId: 9, blNumber: 'BL-9', blQuantity: '12.000', blConsigneeId: 6, blDate: '2026-10-01' } as TShipment;
    const values = formValuesOf(shipment);
    expect(values).toMatchObject({ voyageMode: 'existing', voyageId: 4, consignmentId: 9, blNumber: 'BL-9', blQuantity: '12.000', blConsigneeId: 6 });
    expect(values.blDate?.format('YYYY-MM-DD')).toBe('2026-10-01');
    expect(toShipmentInput(values)).toMatchObject({ voyageId: 4, blDate: '2026-10-01' });
  });
});

describe('form rules (the shipment input schema, in the browser as on the server)', () => {
  const fields = sectionFields(shipmentFormSections);
  const base: ShipmentFormValues = { voyageMode: 'existing', voyageId: 7, consignmentId: 11, blNumber: 'BL-1', blQuantity: '10' };
  const errorOn = (field: string, values: ShipmentFormValues) => clientCheck(shipmentTransaction.schemas.input, toShipmentInput(values), fields, formFieldOf)?.fieldErrors.find((error) => error.name === field)?.errors[0] ?? null;

  it('checks the BL quantity as the server does', () => {
    expect(errorOn('blQuantity', base)).toBeNull();
    expect(errorOn('blQuantity', { ...base, blQuantity: '0.001' })).toBeNull();
    for (const wrong of ['', '0', '0.000', '-3', '1.2345', '1,000']) expect(errorOn('blQuantity', { ...base, blQuantity: wrong }), wrong).toEqual(expect.any(String));
  });

  it('refuses a completion before the arrival, and accepts the same day or a missing date', () => {
    const voyage: ShipmentFormValues = { ...base, voyageMode: 'new', vesselId: 3, voyageNumber: 'V-1', portId: 4 };
    expect(errorOn('completionDate', { ...voyage, arrivalDate: dayjs('2026-11-05'), completionDate: dayjs('2026-11-03') })).toEqual(expect.any(String));
    expect(errorOn('completionDate', { ...voyage, arrivalDate: dayjs('2026-11-05'), completionDate: dayjs('2026-11-05') })).toBeNull();
    expect(errorOn('completionDate', { ...voyage, arrivalDate: null, completionDate: dayjs('2026-11-03') })).toBeNull();
  });

  it('puts the new voyage’s server errors on the form’s own fields', () => {
    expect(formFieldOf('voyage.vesselId')).toBe('vesselId');
    expect(serverFieldErrors({ message: 'Validation failed', code: 'VALIDATION', details: { 'voyage.berthId': 'x', blQuantity: 'y' } }, fields, formFieldOf).fieldErrors).toEqual([
      { name: 'berthId', errors: ['x'] },
      { name: 'blQuantity', errors: ['y'] },
    ]);
    expect(serverFieldErrors({ message: 'Forbidden', code: 'FORBIDDEN' }, fields, formFieldOf).fieldErrors).toEqual([]);
  });
});
