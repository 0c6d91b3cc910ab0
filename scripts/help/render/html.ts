import type { HelpDocument, HelpLanguage } from '@tonnage/contracts';
import type { FlowDiagramSource, FlowMove, FlowNode, ModuleGuideSource, Text } from '../model';
import { label, menuPath } from '../product';
import { renderDiagram } from './diagram';
import { accountName, flowOutcome, stepLedger, type Account } from './flow-ledger';
import { kgOf, tonnes } from './quantities';
import { ownerRoleLabel, placeKindLabel, words } from './words';

/*
 * A help document as one HTML page for Chromium to print: flow diagrams on A4 landscape (the diagram, its legend, the
 * steps, where the cargo ends), guides on A4 portrait (each screen with its screenshot, fields, the server's checks and
 * what the ledger posts). Arabic pages are right to left in Noto Naskh Arabic; names and numbers of the product keep
 * their own direction (<bdi>).
 */

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text of the document in its language, escaped; `**bold**` and `“…”` stay as written, names inside `‹…›` are isolated. */
function t(text: Text, language: HelpLanguage): string {
  return escape(text[language])
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/‹([^‹›\s][^‹›]*?)›/g, '<bdi class="name">$1</bdi>');
}

const FONTS = {
  en: "'Noto Sans', 'DejaVu Sans', sans-serif",
  ar: "'Noto Naskh Arabic', 'Noto Sans Arabic', 'Noto Sans', sans-serif",
};

function styles(language: HelpLanguage, landscape: boolean): string {
  return `
  @page { size: A4 ${landscape ? 'landscape' : 'portrait'}; margin: 14mm 13mm 16mm 13mm; }
  * { box-sizing: border-box; }
  html { font-family: ${FONTS[language]}; font-size: ${language === 'ar' ? '10.6pt' : '10pt'}; color: #1b2430; line-height: ${language === 'ar' ? 1.62 : 1.45}; }
  body { margin: 0; }
  h1, h2, h3 { font-family: ${language === 'ar' ? "'Noto Sans Arabic', 'Noto Sans', sans-serif" : FONTS.en}; line-height: 1.3; color: #13294b; }
  h1 { font-size: 19pt; margin: 0 0 4pt; }
  h2 { font-size: 13.5pt; margin: 16pt 0 6pt; border-block-end: 1.5pt solid #d3dae4; padding-block-end: 3pt; break-after: avoid; }
  h3 { font-size: 11pt; margin: 12pt 0 4pt; break-after: avoid; }
  p { margin: 0 0 6pt; }
  .kicker { font-size: 9pt; letter-spacing: ${language === 'ar' ? '0' : '0.06em'}; text-transform: ${language === 'ar' ? 'none' : 'uppercase'}; color: #4b5a6e; margin-block-end: 2pt; }
  .summary { font-size: 10.5pt; color: #2c3a4e; max-width: 62em; }
  bdi.name { unicode-bidi: isolate; }
  .diagram { margin: 8pt 0 4pt; break-inside: avoid; }
  .diagram svg { width: 100%; height: auto; max-height: 104mm; display: block; margin-inline: auto; }
  .place-head { font-size: 9.5px; line-height: 1.25; color: #2c3a4e; text-align: center; overflow: hidden; }
  .place-head .k { font-size: 9px; color: #5c6b80; }
  .place-head .n { font-weight: 700; font-size: 11.5px; color: #13294b; }
  .place-head .d { font-size: 9px; color: #5c6b80; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .node { font-size: 10px; line-height: 1.22; text-align: center; overflow: hidden; }
  .node .r { font-size: 9px; opacity: 0.85; }
  .node .o { font-weight: 700; font-size: 11px; }
  .legend { display: grid; grid-template-columns: 1fr 1fr; gap: 2pt 18pt; font-size: 8.6pt; color: #3d4a5c; margin: 4pt 0 0; break-inside: avoid; }
  .legend .item { display: flex; align-items: center; gap: 6pt; }
  .legend svg { flex: none; }
  table { border-collapse: collapse; width: 100%; margin: 4pt 0 8pt; font-size: 9.2pt; }
  th, td { border: 0.6pt solid #c9d1dc; padding: 3.5pt 5pt; vertical-align: top; text-align: start; }
  th { background: #eef2f7; font-weight: 700; color: #13294b; }
  tr { break-inside: avoid; }
  thead { display: table-header-group; }
  .steps td.n { width: 22pt; text-align: center; font-weight: 700; color: #13294b; }
  .steps td.s { width: 118pt; }
  .steps td.m { width: 250pt; font-size: 8.4pt; }
  .steps .title { font-weight: 700; margin-block-end: 2pt; }
  .screen { display: block; color: #13294b; white-space: nowrap; }
  .screen + .screen { margin-block-start: 2pt; }
  .move { margin-block-end: 3pt; }
  .ledger { color: #4b5a6e; }
  .num { direction: ltr; unicode-bidi: isolate; white-space: nowrap; }
  .notes li { margin-block-end: 3pt; }
  ul, ol { margin: 2pt 0 8pt; padding-inline-start: 16pt; }
  li { margin-block-end: 2pt; }
  figure { margin: 6pt 0 10pt; break-inside: avoid; }
  figure img { width: 100%; border: 0.6pt solid #c9d1dc; display: block; }
  figcaption { font-size: 8.6pt; color: #4b5a6e; margin-block-start: 3pt; }
  .screen-block { break-before: page; }
  .screen-block:first-of-type { break-before: auto; }
  .menu-path { font-size: 9.4pt; color: #2c3a4e; margin-block-end: 6pt; }
  .menu-path strong { color: #13294b; }
  .fields td:first-child { width: 30%; font-weight: 700; color: #13294b; }
  .checks li { color: #2c3a4e; }
  .checks q { quotes: ${language === 'ar' ? '"«" "»"' : '"“" "”"'}; color: #7a2e1f; }
  .hint { font-size: 8.8pt; color: #5c6b80; }
  .toc { columns: 2; font-size: 9.4pt; }
  `;
}

function page(params: { language: HelpLanguage; title: string; landscape: boolean; body: string }): string {
  const { language } = params;
  return `<!doctype html><html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${escape(params.title)}</title><style>${styles(language, params.landscape)}</style></head><body>${params.body}</body></html>`;
}

function header(document: HelpDocument, title: Text, language: HelpLanguage): string {
  const tab = label(`help.tabs.${document.tab}`);
  return `<div class="kicker">${t(words.product, language)} · ${t(tab, language)}</div><h1>${t(title, language)}</h1>`;
}

/** The title of a document: the help page's own link text. */
export function documentTitle(document: HelpDocument): Text {
  return label(`help.files.${document.key}`);
}

// ---- flow diagrams --------------------------------------------------------------------------------------------

function legend(language: HelpLanguage): string {
  const mirror = language === 'ar' ? ' style="direction:ltr;transform:scaleX(-1)"' : ' style="direction:ltr"';
  const line = (stroke: string, dash: string) =>
    `<svg width="46" height="12" viewBox="0 0 46 12"${mirror}><line x1="2" y1="6" x2="38" y2="6" stroke="${stroke}" stroke-width="2.2"${dash ? ` stroke-dasharray="${dash}"` : ''}/><path d="M36,1 L45,6 L36,11 z" fill="${stroke}"/></svg>`;
  const badge = `<svg width="46" height="22" viewBox="0 0 46 22" style="direction:ltr"><rect x="1" y="1" width="44" height="14" rx="4" fill="#e8f1fb" stroke="#2f6db5"/><circle cx="14" cy="15" r="6.5" fill="#fff" stroke="#2f6db5" stroke-width="1.4"/><text x="14" y="18.5" font-size="8.5" text-anchor="middle" font-weight="700" fill="#1d4f8c">3</text></svg>`;
  const pill = `<svg width="46" height="16" viewBox="0 0 46 16" style="direction:ltr"><rect x="1" y="1" width="44" height="14" rx="7" fill="#fff" stroke="#1f3b63"/><circle cx="8" cy="8" r="6" fill="#1f3b63"/><text x="8" y="11" font-size="8" text-anchor="middle" font-weight="700" fill="#fff">4</text><text x="17" y="11.5" font-size="8" fill="#1b2430">9.000</text></svg>`;
  const items: [string, Text][] = [
    [line('#1f3b63', ''), words.legendTruck],
    [line('#8a4fbf', '7 5'), words.legendInPlace],
    [line('#6b7785', '2 4'), words.legendReserve],
    [pill, words.legendStep],
    [badge, words.legendBadge],
  ];
  return `<div class="legend">${items.map(([icon, text]) => `<div class="item">${icon}<span>${t(text, language)}</span></div>`).join('')}</div>`;
}

function nodeText(flow: FlowDiagramSource, node: FlowNode, language: HelpLanguage): string {
  const place = flow.places[node.place];
  const owner = flow.owners[node.owner];
  if (!place || !owner) return '';
  return `<bdi class="name">${escape(place.name)}</bdi> · ${t(ownerRoleLabel(owner.role), language)} <bdi class="name">${escape(owner.name)}</bdi>`;
}

function accountText(flow: FlowDiagramSource, account: Account, language: HelpLanguage): string {
  const name = t(accountName(account), language);
  if (!account.node) return `<strong>${name}</strong>`;
  const owner = flow.owners[account.node.owner];
  const place = flow.places[account.node.place];
  if (account.kind === 'IN_TRANSIT') return `<strong>${name}</strong> (${owner ? `<bdi class="name">${escape(owner.name)}</bdi>` : ''})`;
  if (account.kind === 'ON_BOARD') return `<strong>${name}</strong> (<bdi class="name">${escape(place?.name ?? '')}</bdi>)`;
  return `<strong>${name}</strong> (<bdi class="name">${escape(place?.name ?? '')}</bdi> · <bdi class="name">${escape(owner?.name ?? '')}</bdi>)`;
}

/** A quantity with its unit: the number kept left to right, the unit in the page's language. */
function quantityHtml(kg: number, language: HelpLanguage): string {
  return `<span class="num">${tonnes(kg)}</span> ${language === 'ar' ? 'طن متري' : 'MT'}`;
}

/** The arrow between two ends of a movement in the reading direction. */
const arrowOf = (language: HelpLanguage) => (language === 'ar' ? '←' : '→');

function moveText(flow: FlowDiagramSource, move: FlowMove, language: HelpLanguage): string {
  const head = `<strong>${quantityHtml(kgOf(move.quantity), language)}</strong> ${t(words.by[move.by], language)}`;
  const to = `<div>${arrowOf(language)} ${nodeText(flow, move.to, language)}</div>`;
  if (move.from === 'bl') return `<div>${head}</div>${to}`;
  return `<div>${head}</div><div>${nodeText(flow, move.from, language)}</div>${to}`;
}

export function renderFlowHtml(document: HelpDocument, flow: FlowDiagramSource, language: HelpLanguage): string {
  const title = documentTitle(document);
  const diagram = renderDiagram(flow, language);
  const movesById = new Map<string, FlowMove>();
  for (const step of flow.steps) for (const move of step.moves ?? []) if (move.id) movesById.set(move.id, move);
  const outcome = flowOutcome(flow);

  const rows = flow.steps
    .map((step, index) => {
      const screens = step.screens.map((screen) => `<span class="screen">${t(menuPath(screen), language)}</span>`).join('');
      const moves = (step.moves ?? []).map((move) => `<div class="move">${moveText(flow, move, language)}</div>`);
      if (step.receives) {
        const move = movesById.get(step.receives);
        if (move) moves.push(`<div class="move"><div><strong>${quantityHtml(kgOf(move.quantity), language)}</strong> ${t(words.received, language)}</div><div>${nodeText(flow, move.to, language)}</div></div>`);
      }
      if (step.adjust) {
        const kg = kgOf(step.adjust.quantity);
        moves.push(`<div class="move"><div><strong>${quantityHtml(Math.abs(kg), language)}</strong> ${t(kg < 0 ? words.adjustOut : words.adjustIn, language)}</div><div>${nodeText(flow, step.adjust.at, language)}</div></div>`);
      }
      const ledger = stepLedger(flow, step, movesById).map(
        (line) => `<div class="ledger">${t(words.ledger, language)}: ${accountText(flow, line.from, language)} ${arrowOf(language)} ${accountText(flow, line.to, language)}</div>`,
      );
      if (step.ledger) ledger.push(`<div class="ledger">${t(words.ledger, language)}: ${t(step.ledger, language)}</div>`);
      const movement = [...(moves.length ? moves : [`<div class="move">${t(words.noMovement, language)}</div>`]), ...ledger].join('');
      return `<tr><td class="n">${index + 1}</td><td class="s">${screens}</td><td><div class="title">${t(step.title, language)}</div>${t(step.text, language)}</td><td class="m">${movement}</td></tr>`;
    })
    .join('');

  const places = Object.keys(flow.places);
  const owners = Object.keys(flow.owners);
  const balances = outcome.balances
    .filter((entry) => entry.kg !== 0)
    .sort((a, b) => places.indexOf(a.node.place) - places.indexOf(b.node.place) || owners.indexOf(a.node.owner) - owners.indexOf(b.node.owner))
    .map((entry) => {
      const place = flow.places[entry.node.place];
      const owner = flow.owners[entry.node.owner];
      if (!place || !owner) return '';
      return `<tr><td>${t(placeKindLabel(place.kind), language)}: <bdi class="name">${escape(place.name)}</bdi></td><td>${t(ownerRoleLabel(owner.role), language)}: <bdi class="name">${escape(owner.name)}</bdi></td><td>${quantityHtml(entry.kg, language)}</td></tr>`;
    })
    .join('');
  const transit = outcome.inTransitKg > 0 ? `<p class="hint">${t(words.inTransit, language)}: ${quantityHtml(outcome.inTransitKg, language)}</p>` : '';
  const loan = outcome.loan
    ? `<h3>${t(words.loanBalance, language)}</h3><table><thead><tr><th>${t(label('loans.issued'), language)}</th><th>${t(label('loans.returned'), language)}</th><th>${t(label('loans.outstanding'), language)}</th></tr></thead><tbody><tr><td>${quantityHtml(outcome.loan.issuedKg, language)}</td><td>${quantityHtml(outcome.loan.returnedKg, language)}</td><td>${quantityHtml(outcome.loan.issuedKg - outcome.loan.returnedKg, language)}</td></tr></tbody></table>`
    : '';
  const notes = flow.notes?.length ? `<h2>${t(words.notes, language)}</h2><ul class="notes">${flow.notes.map((note) => `<li>${t(note, language)}</li>`).join('')}</ul>` : '';

  const body = `${header(document, title, language)}
    <p class="summary">${t(flow.summary, language)}</p>
    <div class="diagram">${diagram.svg}</div>
    ${legend(language)}
    <h2>${t(words.steps, language)}</h2>
    <table class="steps"><thead><tr><th>${t(words.stepNumber, language)}</th><th>${t(words.screens, language)}</th><th>${t(words.whatHappens, language)}</th><th>${t(words.movement, language)}</th></tr></thead><tbody>${rows}</tbody></table>
    <h2>${t(words.atEnd, language)}</h2>
    <p class="hint">${t(words.atEndHint, language)}</p>
    <table><thead><tr><th>${t(words.place, language)}</th><th>${t(words.owner, language)}</th><th>${t(words.quantity, language)}</th></tr></thead><tbody>${balances}</tbody></table>
    ${transit}${loan}${notes}`;
  return page({ language, title: title[language], landscape: true, body });
}

// ---- guides -----------------------------------------------------------------------------------------------------

/** Screenshots by screen and shot index, as data URLs (JPEG), for the guide being rendered. */
export type ShotImages = ReadonlyMap<string, string>;
export const shotKey = (screen: number, shot: number) => `${screen}:${shot}`;

export function renderGuideHtml(document: HelpDocument, guide: ModuleGuideSource, language: HelpLanguage, images: ShotImages): string {
  const title = documentTitle(document);
  let figure = 0;
  const toc = guide.screens.map((screen) => `<li>${t(screen.title, language)} <span class="hint">(${t(menuPath(screen.menu), language)})</span></li>`).join('');
  const screens = guide.screens
    .map((screen, s) => {
      const shots = screen.shots
        .map((shot, i) => {
          const image = images.get(shotKey(s, i));
          if (!image) throw new Error(`help ${guide.name}: screenshot ${s}:${i} missing`);
          figure += 1;
          return `<figure><img src="${image}" alt=""><figcaption>${t(words.figure, language)} ${figure}: ${t(shot.caption, language)}</figcaption></figure>`;
        })
        .join('');
      const howTo = screen.howTo?.length ? `<h3>${t(words.howTo, language)}</h3><ol>${screen.howTo.map((item) => `<li>${t(item, language)}</li>`).join('')}</ol>` : '';
      const fields = screen.fields?.length
        ? `<h3>${t(words.fields, language)}</h3><table class="fields"><thead><tr><th>${t(words.field, language)}</th><th>${t(words.meaning, language)}</th></tr></thead><tbody>${screen.fields.map((field) => `<tr><td>${t(field.label, language)}</td><td>${t(field.meaning, language)}</td></tr>`).join('')}</tbody></table>`
        : '';
      const checks = screen.checks?.length
        ? `<h3>${t(words.checks, language)}</h3><p class="hint">${t(words.checksHint, language)}</p><ul class="checks">${screen.checks.map((check) => `<li><q>${t(check, language)}</q></li>`).join('')}</ul>`
        : '';
      const ledger = screen.ledger ? `<h3>${t(words.inLedger, language)}</h3><p>${t(screen.ledger, language)}</p>` : '';
      const afterwards = screen.afterwards?.length ? `<h3>${t(words.afterwards, language)}</h3><ul>${screen.afterwards.map((item) => `<li>${t(item, language)}</li>`).join('')}</ul>` : '';
      return `<section class="screen-block"><h2>${t(screen.title, language)}</h2><div class="menu-path">${t(words.menuPath, language)}: <strong>${t(menuPath(screen.menu), language)}</strong></div><p>${t(screen.purpose, language)}</p>${shots}${howTo}${fields}${checks}${ledger}${afterwards}</section>`;
    })
    .join('');
  const sections = (guide.sections ?? [])
    .map((section) => {
      const table = section.table?.length
        ? `<table><thead><tr>${(section.table[0] ?? []).map((cell) => `<th>${t(cell, language)}</th>`).join('')}</tr></thead><tbody>${section.table
            .slice(1)
            .map((row) => `<tr>${row.map((cell) => `<td>${t(cell, language)}</td>`).join('')}</tr>`)
            .join('')}</tbody></table>`
        : '';
      return `<section><h2>${t(section.title, language)}</h2>${section.paragraphs.map((p) => `<p>${t(p, language)}</p>`).join('')}${table}</section>`;
    })
    .join('');
  const body = `${header(document, title, language)}<p class="summary">${t(guide.intro, language)}</p><h3>${t(words.contents, language)}</h3><ul class="toc">${toc}</ul>${screens}${sections}`;
  return page({ language, title: title[language], landscape: false, body });
}
