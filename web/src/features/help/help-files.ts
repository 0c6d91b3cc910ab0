/** The help documents of spec section 2.10, by tab; titles are i18n keys `help.files.<key>`. */
export interface HelpFile {
  key: string;
  path: string;
}

export type HelpTab = 'flowDiagram' | 'modules' | 'reports';

const folder: Record<HelpTab, string> = {
  flowDiagram: 'help/flow_diagrams/',
  modules: 'help/modules/',
  reports: 'help/reports/',
};

const files = (tab: HelpTab, names: readonly string[]): HelpFile[] =>
  names.map((name) => ({ key: name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), path: `${folder[tab]}${name}.pdf` }));

export const helpFiles: Record<HelpTab, HelpFile[]> = {
  flowDiagram: files('flowDiagram', [
    'cms-complete-flow',
    'complete-bl-flow',
    'bl-flow-consignee-to-sm-loan-different-location',
    'bl-flow-consignee-to-sm-loan-same-warehouse',
    'bl-flow-consignee-to-sm-loan-ownership-transfer-swap-cargo-same-warehouse',
    'bl-flow-consignee-to-sm-loan-same-warehouse-and-consignee-location',
    'bl-flow-sm-to-consignee-loan-same-warehouse',
    'bl-flow-sm-to-consignee-loan-ownership-transfer-swap-cargo',
    'bl-flow-sm-to-consignee-different-location',
    'bl-flow-to-consignee-location-1',
    'bl-flow-to-consignee-location-2',
    'bl-flow-to-warehouse-and-consignee-location',
    'bl-flow-ownership-transfer-swap-cargo',
  ]),
  modules: files('modules', [
    'procurement',
    'shipping',
    'port-loading',
    'consignee-to-sm',
    'sm-to-consignee',
    'warehouse-transfer',
    'warehouse-in',
    'warehouse-out',
    'swap-cargo',
  ]),
  reports: files('reports', ['loan-statement']),
};
