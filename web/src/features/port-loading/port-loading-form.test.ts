import { describe, expect, it } from 'vitest';
import { Messages, PortLoadingMessages, ZLoadingSlipInput, ZPortLoadingInput, type TPortLoading } from '@tonnage/contracts';
import {
  buildPortLoadingPayload,
  buildSlipPayload,
  destinationPickerOf,
  destinationTextKeys,
  formValuesOf,
  onQuantityTypeChange,
  onTransportationTypeChange,
  onTransporterKindChange,
  slipTransporterFilter,
} from './port-loading-form';
import { loadingSlipTransaction } from '@tonnage/contracts';
import { listQuery, readListUrl } from '../../components/transactions/list-url';
import { tonnesAfter } from './selects';
import { en } from '../../locales/sections/port-loading';

describe('destination switching', () => {
  it('shows the warehouse, consignee location or customer location picker per transportation type', () => {
    expect(destinationPickerOf('warehouse')).toBe('warehouse');
    expect(destinationPickerOf('directDelivery')).toBe('consigneeLocation');
    expect(destinationPickerOf('customerDelivery')).toBe('customerLocation');
    expect(destinationTextKeys('warehouse')).toEqual({ label: 'portLoading.destination.warehouse', required: 'portLoading.destinationRequired.warehouse' });
    expect(en.destinationRequired.warehouse).toBe(Messages.warehouseRequired);
  });

  it('clears the destination when the type changes, and keeps it otherwise', () => {
    expect(onTransportationTypeChange('warehouse', 'directDelivery')).toEqual({ toLocationId: undefined });
    expect(onTransportationTypeChange('warehouse', 'warehouse')).toEqual({});
  });

  it('clears the transporter fields the chosen option does not use', () => {
    expect(onTransporterKindChange('self')).toEqual({ transporterId: undefined, thirdPartyName: undefined });
    expect(onTransporterKindChange('thirdParty')).toEqual({ transporterId: undefined });
    expect(onTransporterKindChange('company')).toEqual({ thirdPartyName: undefined });
  });
});

describe('payloads', () => {
  it('builds a port loading body the contract accepts, keeping only the transporter of the chosen option', () => {
    const body = buildPortLoadingPayload({
      voyageId: 3,
      shipmentId: 7,
      transportationType: 'directDelivery',
      toLocationId: 11,
      transporterKind: 'thirdParty',
      transporterId: 5,
      thirdPartyName: '  Quick Trucks ',
      quantity: ' 125.5 ',
      loadingDate: '2026-11-21',
      remarks: '   ',
    });
    expect(body).toMatchObject({ portId: null, ownerCompanyId: null, transporterId: null, thirdPartyName: 'Quick Trucks', quantity: '125.5', remarks: null });
    const parsed = ZPortLoadingInput.parse(body);
    expect(parsed).toMatchObject({ voyageId: 3, shipmentId: 7, toLocationId: 11, quantity: '125.5', transporterKind: 'thirdParty' });
  });

  it('sends an empty destination as null so the server answers with the spec message', () => {
    const body = buildPortLoadingPayload({ voyageId: 3, shipmentId: 7, transportationType: 'warehouse', transporterKind: 'self', quantity: '1', loadingDate: '2026-11-21' });
    const result = ZPortLoadingInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(Messages.warehouseRequired);
  });

  it('sends the quantity type (bl by default) and the loan only for a `loan` port loading', () => {
    const base = { voyageId: 3, shipmentId: 7, transportationType: 'warehouse' as const, toLocationId: 2, transporterKind: 'self' as const, quantity: '10', loadingDate: '2026-11-21' };
    const bl = buildPortLoadingPayload({ ...base, loanId: 9 });
    expect(bl).toMatchObject({ quantityType: 'bl', loanId: null });
    expect(ZPortLoadingInput.parse(bl)).toMatchObject({ quantityType: 'bl', loanId: null });
    const loan = buildPortLoadingPayload({ ...base, quantityType: 'loan', loanId: 9 });
    expect(ZPortLoadingInput.parse(loan)).toMatchObject({ quantityType: 'loan', loanId: 9 });
    // A loan port loading without its loan is refused on the loan field, with the server's message.
    const missing = ZPortLoadingInput.safeParse(buildPortLoadingPayload({ ...base, quantityType: 'loan' }));
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['loanId', PortLoadingMessages.loanRequired]]);
    expect(onQuantityTypeChange('bl')).toEqual({ loanId: undefined });
    expect(onQuantityTypeChange('loan')).toEqual({});
    expect(formValuesOf({ quantityType: 'loan', loanId: 9 } as TPortLoading)).toMatchObject({ quantityType: 'loan', loanId: 9 });
  });

  it('builds a slip body; a missing quantity gives the weighbridge message', () => {
    expect(ZLoadingSlipInput.parse(buildSlipPayload({ truckId: 1, driverId: 2, wbtNumber: ' W-1 ', quantity: 30.25 }))).toMatchObject({ truckId: 1, driverId: 2, wbtNumber: 'W-1', quantity: '30.25' });
    const missing = ZLoadingSlipInput.safeParse(buildSlipPayload({ truckId: 1, driverId: 2, wbtNumber: 'W-1' }));
    expect(missing.error?.issues.map((i) => i.message)).toEqual([Messages.wbqRequired]);
  });

  it('offers trucks of the named transporter only', () => {
    expect(slipTransporterFilter({ transporterKind: 'company', transporterId: 4 })).toBe(4);
    expect(slipTransporterFilter({ transporterKind: 'self', transporterId: null })).toBeNull();
  });

  it('searches slips only after more than 2 characters, and computes exact remainders', () => {
    const slipQuery = (search: string) => listQuery(readListUrl(new URLSearchParams({ search }), loadingSlipTransaction), loadingSlipTransaction);
    expect(slipQuery('ab').search).toBeUndefined();
    expect(slipQuery(' abc ').search).toBe('abc');
    expect(tonnesAfter('0.3', '0.1')).toBe('0.200');
    expect(tonnesAfter('10', '')).toBeNull();
  });
});
