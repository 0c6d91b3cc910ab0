import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredId } from '../ids';
import { defineTransaction, operationPermission } from './define';
import { transactionRegistry } from './registry';

describe('transaction declarations', () => {
  it('registers every cargo flow once, each api and web route its own', () => {
    const keys = transactionRegistry.map((declaration) => declaration.key);
    expect(keys).toEqual(['saleOrder', 'consignment', 'shipment', 'voyageApproval', 'quantityApproval', 'portLoading', 'loadingSlip', 'outboundFirstWeight', 'outboundSecondWeight', 'warehousePreIn', 'warehouseIn', 'consigneeIn', 'customerIn', 'captureImage', 'warehousePreOut', 'warehouseOut', 'warehouseOutGroup', 'warehouseLoadingSlip', 'consigneeOut', 'consigneeLoadingSlip', 'ownershipTransfer', 'siloTransfer', 'swapCargo', 'handlingLoss', 'handlingExcess', 'consigneeToSm', 'warehouseConsigneeToSm', 'warehouseSmToConsignee', 'warehouseConsigneeToCustomer', 'consigneeTransfer', 'warehouseTransfer']);
    expect(new Set(transactionRegistry.map((declaration) => declaration.api)).size).toBe(keys.length);
    expect(new Set(transactionRegistry.map((declaration) => declaration.route)).size).toBe(keys.length);
  });

  it('guards an operation with its override, else the module flag of the operation', () => {
    const slip = transactionRegistry.find((declaration) => declaration.key === 'loadingSlip');
    const sale = transactionRegistry.find((declaration) => declaration.key === 'saleOrder');
    if (!slip || !sale) throw new Error('missing declarations');
    expect(operationPermission(slip, 'reverse')).toEqual({ anyOf: [{ module: 'PortLoading', action: 'reverse' }] });
    expect(operationPermission(slip, 'export').alsoAnyOf).toEqual([{ module: 'LoadingSlips', action: 'view' }, { module: 'PortLoading', action: 'view' }]);
    expect(operationPermission(sale, 'update')).toEqual({ anyOf: [{ module: 'SaleOrder', action: 'edit' }] });
  });

  it('refuses at load a column sorting by an undeclared field, permissions of an operation not offered, and an update body without the update', () => {
    const base = {
      key: 'bad',
      api: '/bad',
      route: 'bad',
      permissionModule: 'SaleOrder',
      labels: { title: 't', total: 'n' },
      schemas: { input: z.object({}), listQuery: z.object({}), row: z.object({ name: z.string() }), list: z.object({}) },
      sort: { fields: ['name'], default: { field: 'name', order: 'asc' } },
    } as const;
    expect(() => defineTransaction({ ...base, operations: ['list'], list: { columns: [{ key: 'name', label: 'n', kind: 'text', field: 'name', sort: 'other' as 'name' }], filters: [] } })).toThrow(/sorts by undeclared other/);
    expect(() => defineTransaction({ ...base, operations: ['list'], permissions: { reverse: { anyOf: [] } }, list: { columns: [], filters: [] } })).toThrow(/permissions of reverse/);
    expect(() => defineTransaction({ ...base, schemas: { ...base.schemas, updateInput: z.object({}) }, operations: ['list'], list: { columns: [], filters: [] } })).toThrow(/updateInput without the update operation/);
    expect(defineTransaction({ ...base, schemas: { ...base.schemas, updateInput: z.object({}) }, operations: ['list', 'update'], list: { columns: [], filters: [] } }).schemas.updateInput).toBeDefined();
  });
});

describe('requiredId: the one required id of every form', () => {
  const id = requiredId('Please select a truck!');
  it('accepts a positive id, also as its digits', () => {
    expect(id.parse(12)).toBe(12);
    expect(id.parse('12')).toBe(12);
  });
  it('refuses absent, empty, zero, fractions, exponents and ids beyond the table with the field message', () => {
    for (const value of [undefined, null, '', 0, -3, 1.5, '1e3', 'abc', 2147483648, true]) {
      const result = id.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message, String(value)).toBe('Please select a truck!');
    }
  });
});
