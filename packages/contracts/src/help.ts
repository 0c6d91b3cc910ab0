import type { Language } from './constants';

/**
 * The help area's documents (spec section 2.10): three tabs of PDFs under the session's storage address (`s3Url`), in
 * the spec's folders. Each document exists in English at the spec's path (`help/<folder>/<name>.pdf`) and in Arabic
 * beside it (`help/<folder>/ar/<name>.pdf`); the help page links the user's language, other languages the English.
 * The product ships them (the repository's `help/` folder, built by `npm run help:build`), and `GET /api/files/help/...`
 * serves them (docs/architecture.md, "The help area").
 */
export type HelpTab = 'flowDiagram' | 'modules' | 'reports';

export const HELP_TABS: readonly HelpTab[] = ['flowDiagram', 'modules', 'reports'];

/** The folder of each tab under the storage address, as the spec names it. */
export const HELP_FOLDERS: Readonly<Record<HelpTab, string>> = {
  flowDiagram: 'help/flow_diagrams',
  modules: 'help/modules',
  reports: 'help/reports',
};

/** The languages the documents are written in; any other language reads the English ones. */
export const HELP_LANGUAGES = ['en', 'ar'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

export interface HelpDocument {
  tab: HelpTab;
  /** File name without `.pdf`, as the spec's folders hold it. */
  name: string;
  /** The title's i18n key is `help.files.<key>` (the name in camel case). */
  key: string;
}

const documents = (tab: HelpTab, names: readonly string[]): HelpDocument[] =>
  names.map((name) => ({ tab, name, key: name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase()) }));

/** The 23 documents, in the order the tabs list them. */
export const HELP_DOCUMENTS: readonly HelpDocument[] = [
  ...documents('flowDiagram', [
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
  ...documents('modules', ['procurement', 'shipping', 'port-loading', 'consignee-to-sm', 'sm-to-consignee', 'warehouse-transfer', 'warehouse-in', 'warehouse-out', 'swap-cargo']),
  ...documents('reports', ['loan-statement']),
];

/** The language a user's documents are in: Arabic for Arabic, English for every other language. */
export function helpLanguageOf(language: Language): HelpLanguage {
  return language === 'ar' ? 'ar' : 'en';
}

/** A document's storage key (the path after `s3Url`): the spec's path in English, an `ar/` folder beside it in Arabic. */
export function helpDocumentPath(document: Pick<HelpDocument, 'tab' | 'name'>, language: HelpLanguage): string {
  const folder = HELP_FOLDERS[document.tab];
  return language === 'en' ? `${folder}/${document.name}.pdf` : `${folder}/${language}/${document.name}.pdf`;
}

/** Every document's storage key in every language: the only `help/` keys the product itself serves. */
export const HELP_DOCUMENT_PATHS: ReadonlySet<string> = new Set(HELP_DOCUMENTS.flatMap((document) => HELP_LANGUAGES.map((language) => helpDocumentPath(document, language))));
