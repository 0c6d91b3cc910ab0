import type { HelpDocument, HelpLanguage } from '@tonnage/contracts';

/*
 * The shapes of the help documents' sources (docs/architecture.md, "The help area"): one source per document under
 * `sources/`, every text in English and Arabic side by side, the product's own labels and messages taken from the web's
 * message sets and the contracts (product.ts), so a renamed screen or a reworded message changes the document's source
 * hash and the freshness test asks for the PDF to be built again.
 */

/** A text in both languages of the documents. */
export interface Text {
  en: string;
  ar: string;
}

export const tx = (en: string, ar: string): Text => ({ en, ar });

/** The same text in both languages (a proper name, a number, an LC or BL number as the product shows it). */
export const same = (value: string): Text => ({ en: value, ar: value });

export const textIn = (text: Text, language: HelpLanguage): string => text[language];

// ---- flow diagrams --------------------------------------------------------------------------------------------

export type PlaceKind = 'vessel' | 'warehouse' | 'consigneeLocation' | 'customerLocation';
export type OwnerRole = 'consignee' | 'shipmentManager' | 'customer';

export interface FlowPlace {
  kind: PlaceKind;
  /** The place's name in the demo agency (a warehouse, a delivery location, a vessel and its voyage). */
  name: string;
  /** A second line: silos, the BL, the port. */
  detail?: Text;
}

export interface FlowOwner {
  role: OwnerRole;
  /** The company's name in the demo agency. */
  name: string;
}

/** One stock of the case: an owner's cargo at a place (on a vessel: the BL consignee's BL on board). */
export interface FlowNode {
  place: string;
  owner: string;
}

/**
 * A movement of cargo between two stocks. `truck`: a truck trip (a loading slip or a transfer slip), received later by
 * the step whose `receives` names this move; `inPlace`: an ownership change where the cargo lies (nothing moves);
 * `reserve`: a loan of cargo on board, which posts nothing until its port loadings load it; `bl`: the BL's quantity put
 * on board (from the vessel's side of the ledger).
 */
export interface FlowMove {
  id?: string;
  from: FlowNode | 'bl';
  to: FlowNode;
  quantity: string;
  by: 'truck' | 'inPlace' | 'reserve' | 'bl';
  /** Counts on the loan balance of the case: a loan issued (L) or a loan returned (LR). */
  loan?: 'issued' | 'returned';
}

export interface FlowStep {
  /** The screens used, in order: menu keys of the sidebar (contracts' menu), e.g. `warehouse/consignee-to-sm`. */
  screens: readonly string[];
  /** What is done, in a line. */
  title: Text;
  /** What the user enters and what the product does with it. */
  text: Text;
  moves?: readonly FlowMove[];
  /** A step that records something at a stock without moving cargo there itself (a weighing, a commitment). */
  at?: FlowNode;
  /**
   * A quantity that enters or leaves a stock from outside the stock accounts (signed: negative leaves): an approved
   * out-turn's excess or shortage against the vessel, a handling loss or excess at a warehouse.
   */
  adjust?: { at: FlowNode; quantity: string; account: 'VESSEL' | 'HANDLING_LOSS' | 'HANDLING_EXCESS' };
  /** The truck move (its `id`) this step receives at its destination. */
  receives?: string;
  /** What the ledger posts, when the moves do not say it (a commitment, nothing at all). */
  ledger?: Text;
}

export interface FlowDiagramSource {
  kind: 'flow';
  name: string;
  /** What the case shows, in a paragraph. */
  summary: Text;
  /** Places left to right (right to left in Arabic). */
  places: Readonly<Record<string, FlowPlace>>;
  /** Owners top to bottom. */
  owners: Readonly<Record<string, FlowOwner>>;
  steps: readonly FlowStep[];
  /** Remarks after the steps: the rules the case leans on. */
  notes?: readonly Text[];
}

// ---- module and report guides ---------------------------------------------------------------------------------

/** What the screenshot tool does on a screen before it takes the picture (the generator's browser, screenshots.ts). */
export type ShotAction =
  | { pick: string; option: string; typed?: string }
  /** A click on a test id, the first one or the first in a table row holding `inRowWith`. */
  | { click: string; inRowWith?: string }
  /** A click on the first element a CSS selector finds (controls without a test id, such as a table's expand button). */
  | { clickSelector: string }
  /** A click on a text of the screen in the document's language (a segmented control's option). */
  | { clickText: Text; within?: string }
  | { fill: string; value: string }
  | { waitFor: string };

export interface Screenshot {
  /** The route under `/agencies/{agencyId}/`. */
  route: string;
  /** The test id that shows the screen is ready. */
  ready: string;
  actions?: readonly ShotAction[];
  /** The test id the picture starts at (scrolled to the top of the window); else the top of the page. */
  scrollTo?: string;
  caption: Text;
}

export interface GuideField {
  label: Text;
  meaning: Text;
}

export interface GuideScreen {
  /** The menu entry (contracts' menu key) the screen is reached from. */
  menu: string;
  title: Text;
  purpose: Text;
  shots: readonly Screenshot[];
  /** How to use it, in order. */
  howTo?: readonly Text[];
  fields?: readonly GuideField[];
  /** What the server checks: its messages as the screen shows them. */
  checks?: readonly Text[];
  /** What is posted to the stock ledger. */
  ledger?: Text;
  /** Reversal and edit rules. */
  afterwards?: readonly Text[];
}

export interface GuideSection {
  title: Text;
  paragraphs: readonly Text[];
  /** A small table: first row is the header. */
  table?: readonly (readonly Text[])[];
}

export interface ModuleGuideSource {
  kind: 'guide';
  name: string;
  intro: Text;
  screens: readonly GuideScreen[];
  /** Sections after the screens (reports: the figures, a worked example). */
  sections?: readonly GuideSection[];
}

export type HelpSource = FlowDiagramSource | ModuleGuideSource;

/** A document with its source, as the generator and the freshness test take it. */
export interface HelpEntry {
  document: HelpDocument;
  source: HelpSource;
}
