import type { TAgencyData, TLookups } from '@tonnage/contracts';
import type { IdOption } from '../lookups/lookups-api';

type Row = Readonly<Record<string, unknown>>;

/** Rows of the agency data that have a numeric id and a name, as select options. */
function optionsOf(rows: readonly Row[], keep: (row: Row) => boolean = () => true): IdOption[] {
  const options: IdOption[] = [];
  for (const row of rows) {
    const { id, name } = row;
    if (typeof id === 'number' && typeof name === 'string' && keep(row)) options.push({ value: id, label: name });
  }
  return options;
}

/** What the user form can assign, from the agency's data; every list is empty until master data exists. */
export interface AssignableOptions {
  companies: IdOption[];
  shipmentManagers: IdOption[];
  consignees: IdOption[];
  warehouses: IdOption[];
}

export const noAssignableOptions: AssignableOptions = { companies: [], shipmentManagers: [], consignees: [], warehouses: [] };

/** Companies of the agency (for a company admin), split by company type for the data-scope pickers. */
export function assignableOptions(data: TAgencyData | null | undefined, lookups: TLookups | null | undefined): AssignableOptions {
  if (!data) return noAssignableOptions;
  const typeId = (key: string) => lookups?.companyTypes.rows.find((type) => type.key === key)?.id;
  const ofType = (key: string) => {
    const id = typeId(key);
    return (row: Row) => id !== undefined && row.companyTypeId === id;
  };
  return {
    companies: optionsOf(data.Companies),
    shipmentManagers: optionsOf(data.Companies, ofType('shipmentManager')),
    consignees: optionsOf(data.Companies, ofType('consignee')),
    warehouses: optionsOf(data.Locations),
  };
}
