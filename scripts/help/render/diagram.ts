import type { HelpLanguage } from '@tonnage/contracts';
import type { FlowDiagramSource, FlowMove, FlowNode, OwnerRole } from '../model';
import { kgOf, tonnes } from './quantities';
import { ownerRoleLabel, placeKindLabel } from './words';

/*
 * A flow diagram's SVG, drawn from its source: a box per place (left to right in English, right to left in Arabic), in
 * it a box per owner's stock that the case touches (one row per owner across the places), an arrow per movement with
 * its step number and quantity, and a numbered badge on a stock for each step recorded there. Arrows are curves that
 * bend away from the boxes they would cross; labels slide along their arrow away from other labels.
 */

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Point {
  x: number;
  y: number;
}

export const DIAGRAM_WIDTH = 1000;
const MARGIN = 14;
const PLACE_PAD = 12;
const NODE_H = 54;
const ROW_GAP = 50;
const GUTTER = 78;
const BADGE_R = 10;

const ROLE_COLORS: Record<OwnerRole, { fill: string; stroke: string; text: string }> = {
  consignee: { fill: '#e8f1fb', stroke: '#2f6db5', text: '#1d4f8c' },
  shipmentManager: { fill: '#fff3e0', stroke: '#c07a12', text: '#8a5200' },
  customer: { fill: '#e9f6ee', stroke: '#2e8a55', text: '#1e6b40' },
};

const MOVE_STYLE: Record<FlowMove['by'], { stroke: string; dash: string; width: number }> = {
  truck: { stroke: '#1f3b63', dash: '', width: 2.2 },
  inPlace: { stroke: '#8a4fbf', dash: '7 5', width: 2 },
  reserve: { stroke: '#6b7785', dash: '2 4', width: 2 },
  bl: { stroke: '#1f3b63', dash: '', width: 2 },
};

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const nodeKey = (node: FlowNode) => `${node.place}|${node.owner}`;

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function inflate(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, w: rect.w + 2 * by, h: rect.h + 2 * by };
}

function bezier(p: readonly [Point, Point, Point, Point], t: number): Point {
  const u = 1 - t;
  const [a, b, c, d] = p;
  return {
    x: u * u * u * a.x + 3 * u * u * t * b.x + 3 * u * t * t * c.x + t * t * t * d.x,
    y: u * u * u * a.y + 3 * u * u * t * b.y + 3 * u * t * t * c.y + t * t * t * d.y,
  };
}

interface DrawnArrow {
  step: number;
  move: FlowMove;
  curve: [Point, Point, Point, Point];
  label: Rect;
  /** The label shows the quantity too (else the step's number alone). */
  withQuantity: boolean;
}

/** The SVG of a flow's diagram in a language, and its height (the width is DIAGRAM_WIDTH). */
export function renderDiagram(flow: FlowDiagramSource, language: HelpLanguage): { svg: string; height: number } {
  const rtl = language === 'ar';
  const placeIds = Object.keys(flow.places);
  const ownerIds = Object.keys(flow.owners);

  // The stocks the case touches, and the steps recorded at each (badges).
  const used = new Map<string, FlowNode>();
  const badges = new Map<string, number[]>();
  const touch = (node: FlowNode) => {
    if (!flow.places[node.place] || !flow.owners[node.owner]) throw new Error(`help ${flow.name}: unknown place or owner in ${nodeKey(node)}`);
    used.set(nodeKey(node), node);
  };
  const movesById = new Map<string, FlowMove>();
  flow.steps.forEach((step, index) => {
    for (const move of step.moves ?? []) {
      if (move.from !== 'bl') touch(move.from);
      touch(move.to);
      if (move.id) movesById.set(move.id, move);
      if (move.by === 'bl') badges.set(nodeKey(move.to), [...(badges.get(nodeKey(move.to)) ?? []), index + 1]);
    }
    const at = step.at ?? step.adjust?.at ?? (step.receives ? movesById.get(step.receives)?.to : undefined);
    if (step.receives && !movesById.has(step.receives)) throw new Error(`help ${flow.name}: step ${index + 1} receives an unknown move '${step.receives}'`);
    if (at) {
      touch(at);
      badges.set(nodeKey(at), [...(badges.get(nodeKey(at)) ?? []), index + 1]);
    }
  });
  // Owners without a stock anywhere take no row.
  const rows = ownerIds.filter((owner) => [...used.values()].some((node) => node.owner === owner));
  const columns = placeIds.filter((place) => [...used.values()].some((node) => node.place === place));

  const n = columns.length;
  const inner = DIAGRAM_WIDTH - 2 * MARGIN;
  const gutter = n > 1 ? Math.min(GUTTER, Math.max(56, (inner - n * 150) / (n - 1))) : 0;
  const placeW = n > 0 ? Math.min(250, (inner - (n - 1) * gutter) / n) : inner;
  const usedWidth = n * placeW + (n - 1) * gutter;
  const left0 = MARGIN + (inner - usedWidth) / 2;
  const nodeW = placeW - 2 * PLACE_PAD;
  // Narrow places' names may take two lines.
  const PLACE_HEADER = placeW < 215 ? 66 : 52;
  const rowY = (row: number) => MARGIN + PLACE_HEADER + PLACE_PAD + row * (NODE_H + ROW_GAP);
  const placeH = PLACE_HEADER + 2 * PLACE_PAD + rows.length * NODE_H + (rows.length - 1) * ROW_GAP;
  let height = Math.ceil(MARGIN * 2 + placeH + 8);
  const colX = (column: number) => {
    const x = left0 + column * (placeW + gutter);
    return rtl ? DIAGRAM_WIDTH - x - placeW : x;
  };

  const placeRects = new Map<string, Rect>(columns.map((place, column) => [place, { x: colX(column), y: MARGIN, w: placeW, h: placeH }]));
  const nodeRects = new Map<string, Rect>();
  for (const node of used.values()) {
    const place = placeRects.get(node.place);
    const row = rows.indexOf(node.owner);
    if (!place || row < 0) continue;
    nodeRects.set(nodeKey(node), { x: place.x + PLACE_PAD, y: rowY(row), w: nodeW, h: NODE_H });
  }
  const headerRects = [...placeRects.values()].map((rect) => ({ x: rect.x, y: rect.y, w: rect.w, h: PLACE_HEADER }));

  // ---- arrows -------------------------------------------------------------------------------------------------
  const arrows: DrawnArrow[] = [];
  const pairCount = new Map<string, number>();
  const pairs: { step: number; move: FlowMove; from: Rect; to: Rect; pair: string; index: number }[] = [];
  flow.steps.forEach((step, index) => {
    for (const move of step.moves ?? []) {
      if (move.from === 'bl') continue;
      const from = nodeRects.get(nodeKey(move.from));
      const to = nodeRects.get(nodeKey(move.to));
      if (!from || !to) continue;
      const pair = [nodeKey(move.from), nodeKey(move.to)].sort().join('~');
      const count = pairCount.get(pair) ?? 0;
      pairCount.set(pair, count + 1);
      pairs.push({ step: index + 1, move, from, to, pair, index: count });
    }
  });
  const obstacles = [...nodeRects.values()].map((rect) => inflate(rect, 4));
  const labels: Rect[] = [];
  for (const item of pairs) {
    const total = pairCount.get(item.pair) ?? 1;
    const { from, to } = item;
    const sameColumn = Math.abs(from.x - to.x) < 1;
    let start: Point;
    let end: Point;
    let horizontal: boolean;
    if (sameColumn) {
      // Arrows between two stocks of one place spread across the boxes' width, so their numbers sit side by side.
      horizontal = false;
      const spacing = Math.min(46, (from.w - 36) / total);
      const spread = (item.index - (total - 1) / 2) * spacing * (rtl ? -1 : 1);
      const down = to.y > from.y;
      start = { x: from.x + from.w / 2 + spread, y: down ? from.y + from.h : from.y };
      end = { x: to.x + to.w / 2 + spread, y: down ? to.y : to.y + to.h };
    } else {
      horizontal = true;
      const spread = (item.index - (total - 1) / 2) * Math.min(16, (from.h - 16) / total);
      const right = to.x > from.x;
      start = { x: right ? from.x + from.w : from.x, y: from.y + from.h / 2 + spread };
      end = { x: right ? to.x : to.x + to.w, y: to.y + to.h / 2 + spread };
    }
    const own = [inflate(from, 4), inflate(to, 4)];
    const blocking = obstacles.filter((rect) => !own.some((o) => o.x === rect.x && o.y === rect.y));
    const curveWith = (bend: number): [Point, Point, Point, Point] => {
      if (horizontal) {
        const dx = (end.x - start.x) * 0.45;
        return [start, { x: start.x + dx, y: start.y + bend }, { x: end.x - dx, y: end.y + bend }, end];
      }
      const dy = (end.y - start.y) * 0.45;
      return [start, { x: start.x + bend, y: start.y + dy }, { x: end.x + bend, y: end.y - dy }, end];
    };
    const crosses = (curve: [Point, Point, Point, Point]) => {
      for (let i = 2; i <= 38; i += 1) {
        const p = bezier(curve, i / 40);
        if (blocking.some((rect) => p.x > rect.x && p.x < rect.x + rect.w && p.y > rect.y && p.y < rect.y + rect.h)) return true;
        if (headerRects.some((rect) => p.x > rect.x && p.x < rect.x + rect.w && p.y > rect.y && p.y < rect.y + rect.h - 6)) return true;
      }
      return false;
    };
    let curve = curveWith(0);
    for (const step of [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 8, -8]) {
      if (!crosses(curve)) break;
      curve = curveWith(step * 34 * (rtl && !horizontal ? -1 : 1));
    }
    // The label: a pill with the step and the quantity where it finds room along the curve, else the step's number alone.
    const text = tonnes(kgOf(item.move.quantity));
    const free = (rect: Rect) => !labels.some((other) => intersects(inflate(other, 2), rect)) && !blocking.some((rect2) => intersects(rect2, rect)) && !obstacles.some((o) => intersects(o, rect) && own.every((mine) => mine.x !== o.x || mine.y !== o.y) );
    const place = (w: number, h: number): Rect | null => {
      for (const t of [0.5, 0.42, 0.58, 0.34, 0.66, 0.28, 0.72]) {
        const p = bezier(curve, t);
        const rect = { x: p.x - w / 2, y: p.y - h / 2, w, h };
        if (free(rect)) return rect;
      }
      return null;
    };
    const pill = { w: 30 + text.length * 6.6, h: 20 };
    let label = total <= 2 || horizontal ? place(pill.w, pill.h) : null;
    const withQuantity = label !== null;
    if (!label) {
      const p = bezier(curve, 0.5);
      label = place(20, 20) ?? { x: p.x - 10, y: p.y - 10, w: 20, h: 20 };
    }
    labels.push(label);
    arrows.push({ step: item.step, move: item.move, curve, label, withQuantity });
  }

  // Curves that bend below the places, and their labels, stay inside the picture.
  for (const arrow of arrows) {
    const lowest = Math.max(arrow.label.y + arrow.label.h, ...Array.from({ length: 21 }, (_v, i) => bezier(arrow.curve, i / 20).y));
    height = Math.max(height, Math.ceil(lowest + MARGIN));
  }

  // ---- drawing ------------------------------------------------------------------------------------------------
  const parts: string[] = [];
  const dir = rtl ? 'rtl' : 'ltr';
  const fontFamily = rtl ? "'Noto Sans Arabic', 'Noto Sans', sans-serif" : "'Noto Sans', sans-serif";
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DIAGRAM_WIDTH} ${height}" width="${DIAGRAM_WIDTH}" height="${height}" font-family="${fontFamily}" role="img">`,
  );
  parts.push('<defs>');
  for (const [by, style] of Object.entries(MOVE_STYLE)) {
    parts.push(
      `<marker id="head-${by}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${style.stroke}"/></marker>`,
    );
  }
  parts.push('</defs>');

  // Places.
  for (const [place, rect] of placeRects) {
    const source = flow.places[place];
    if (!source) continue;
    const vessel = source.kind === 'vessel';
    parts.push(`<rect x="${rect.x}" y="${rect.y}" width="${rect.w}" height="${rect.h}" rx="10" fill="${vessel ? '#eef7f9' : '#f5f6f8'}" stroke="${vessel ? '#7fb3c2' : '#b9c0cb'}" stroke-width="1.4"/>`);
    const kind = placeKindLabel(source.kind)[language];
    const detail = source.detail ? `<div class="d">${escape(source.detail[language])}</div>` : '';
    parts.push(
      `<foreignObject x="${rect.x + 6}" y="${rect.y + 4}" width="${rect.w - 12}" height="${PLACE_HEADER - 4}"><div xmlns="http://www.w3.org/1999/xhtml" dir="${dir}" class="place-head"><div class="k">${escape(kind)}</div><div class="n"><bdi>${escape(source.name)}</bdi></div>${detail}</div></foreignObject>`,
    );
  }

  // Arrows under the stocks' boxes.
  for (const arrow of arrows) {
    const style = MOVE_STYLE[arrow.move.by];
    const [a, b, c, d] = arrow.curve;
    parts.push(
      `<path d="M${a.x.toFixed(1)},${a.y.toFixed(1)} C${b.x.toFixed(1)},${b.y.toFixed(1)} ${c.x.toFixed(1)},${c.y.toFixed(1)} ${d.x.toFixed(1)},${d.y.toFixed(1)}" fill="none" stroke="${style.stroke}" stroke-width="${style.width}"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''} marker-end="url(#head-${arrow.move.by})"/>`,
    );
  }

  // Stocks.
  for (const [key, rect] of nodeRects) {
    const node = used.get(key);
    const owner = node ? flow.owners[node.owner] : undefined;
    if (!node || !owner) continue;
    const colors = ROLE_COLORS[owner.role];
    parts.push(`<rect x="${rect.x}" y="${rect.y}" width="${rect.w}" height="${rect.h}" rx="7" fill="${colors.fill}" stroke="${colors.stroke}" stroke-width="1.6"/>`);
    parts.push(
      `<foreignObject x="${rect.x + 4}" y="${rect.y + 3}" width="${rect.w - 8}" height="${rect.h - 12}"><div xmlns="http://www.w3.org/1999/xhtml" dir="${dir}" class="node" style="color:${colors.text}"><div class="r">${escape(ownerRoleLabel(owner.role)[language])}</div><div class="o"><bdi>${escape(owner.name)}</bdi></div></div></foreignObject>`,
    );
    const steps = badges.get(key) ?? [];
    steps.forEach((step, i) => {
      const offset = 16 + i * (2 * BADGE_R + 4);
      const cx = rtl ? rect.x + rect.w - offset : rect.x + offset;
      const cy = rect.y + rect.h;
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${BADGE_R}" fill="#ffffff" stroke="${colors.stroke}" stroke-width="1.6"/>`);
      parts.push(`<text x="${cx}" y="${cy + 4}" text-anchor="middle" font-size="11" font-weight="700" fill="${colors.text}" font-family="'Noto Sans', sans-serif">${step}</text>`);
    });
  }

  // Labels on top.
  for (const arrow of arrows) {
    const style = MOVE_STYLE[arrow.move.by];
    const { x, y, w, h } = arrow.label;
    const circleX = arrow.withQuantity ? (rtl ? x + w - h / 2 : x + h / 2) : x + w / 2;
    if (arrow.withQuantity) {
      const quantity = tonnes(kgOf(arrow.move.quantity));
      const textX = rtl ? x + w - h - 4 : x + h + 4;
      parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h}" rx="${h / 2}" fill="#ffffff" stroke="${style.stroke}" stroke-width="1.2"/>`);
      parts.push(
        `<text x="${textX.toFixed(1)}" y="${(y + h / 2 + 4).toFixed(1)}" text-anchor="${rtl ? 'end' : 'start'}" font-size="11" fill="#1b2430" font-family="'Noto Sans', sans-serif" direction="ltr">${quantity}</text>`,
      );
    }
    parts.push(`<circle cx="${circleX.toFixed(1)}" cy="${(y + h / 2).toFixed(1)}" r="${h / 2 - 1}" fill="${style.stroke}" stroke="#ffffff" stroke-width="1.2"/>`);
    parts.push(
      `<text x="${circleX.toFixed(1)}" y="${(y + h / 2 + 4).toFixed(1)}" text-anchor="middle" font-size="11" font-weight="700" fill="#ffffff" font-family="'Noto Sans', sans-serif">${arrow.step}</text>`,
    );
  }
  parts.push('</svg>');
  return { svg: parts.join(''), height };
}
