/**
 * Reads the text back out of an uncompressed PDF written by pdfkit (`compress: false`), for tests: each font's
 * ToUnicode map turns the glyph ids of the content streams into text. A piece is one `text()` call with its position;
 * an Arabic piece (drawn right to left, glyphs in visual order) is given back in reading order.
 */

export interface TextPiece {
  text: string;
  x: number;
  /** PDF user space: larger is higher on the page. */
  y: number;
  page: number;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** UTF-16BE hex to text ('0644 0627' → 'لا'). */
function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

interface PdfObject {
  dict: string;
  stream: string | null;
}

function objects(pdf: string): Map<number, PdfObject> {
  const found = new Map<number, PdfObject>();
  for (const match of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\nendobj/g)) {
    const body = match[2] ?? '';
    const at = body.indexOf('\nstream\n');
    found.set(Number(match[1]), at < 0 ? { dict: body, stream: null } : { dict: body.slice(0, at), stream: body.slice(at + 8, body.lastIndexOf('\nendstream')) });
  }
  return found;
}

/** Glyph id (4 hex digits, lower case) → text, from a ToUnicode CMap. */
function cmap(stream: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of stream.matchAll(/beginbfrange\n([\s\S]*?)endbfrange/g)) {
    for (const line of (block[1] ?? '').split('\n')) {
      const array = /^<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[(.*)\]/i.exec(line);
      if (array) {
        const start = parseInt(array[1] ?? '0', 16);
        // A ligature maps to several code points, written with spaces: <0644 0627>.
        [...(array[3] ?? '').matchAll(/<([0-9a-f ]+)>/gi)].forEach((value, i) => map.set((start + i).toString(16).padStart(4, '0'), utf16((value[1] ?? '').replace(/ /g, ''))));
        continue;
      }
      const range = /^<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*<([0-9a-f]+)>/i.exec(line);
      if (range) {
        const start = parseInt(range[1] ?? '0', 16);
        const end = parseInt(range[2] ?? '0', 16);
        const first = parseInt(range[3] ?? '0', 16);
        for (let code = start; code <= end; code += 1) map.set(code.toString(16).padStart(4, '0'), String.fromCharCode(first + code - start));
      }
    }
  }
  for (const block of stream.matchAll(/beginbfchar\n([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f ]+)>/gi)) map.set((pair[1] ?? '').toLowerCase().padStart(4, '0'), utf16((pair[2] ?? '').replace(/ /g, '')));
  }
  return map;
}

/** Every text piece of the PDF, page by page, in the order drawn. */
export function pdfTextPieces(bytes: Buffer): TextPiece[] {
  const pdf = bytes.toString('latin1');
  const all = objects(pdf);
  const fonts = new Map<number, Map<string, string>>();
  for (const [id, object] of all) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dict);
    const stream = toUnicode ? all.get(Number(toUnicode[1]))?.stream : null;
    if (stream) fonts.set(id, cmap(stream));
  }
  const pieces: TextPiece[] = [];
  let page = 0;
  for (const object of all.values()) {
    if (!/\/Type \/Page\b/.test(object.dict)) continue;
    page += 1;
    const contents = /\/Contents (\d+) 0 R/.exec(object.dict);
    const resources = /\/Resources (\d+) 0 R/.exec(object.dict);
    const stream = contents ? all.get(Number(contents[1]))?.stream : null;
    const resourceDict = resources ? (all.get(Number(resources[1]))?.dict ?? '') : object.dict;
    if (!stream) continue;
    const fontOf = new Map<string, number>();
    for (const entry of resourceDict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontOf.set(entry[1] ?? '', Number(entry[2]));
    for (const block of stream.matchAll(/BT\n([\s\S]*?)\nET/g)) {
      const body = block[1] ?? '';
      const position = /([-\d.]+) ([-\d.]+) Tm/.exec(body);
      const font = /\/(F\d+) [\d.]+ Tf/.exec(body);
      const map = fonts.get(fontOf.get(font?.[1] ?? '') ?? -1);
      if (!map) continue;
      const glyphs: string[] = [];
      for (const hex of body.matchAll(/<([0-9a-f]+)>/gi)) {
        const codes = hex[1] ?? '';
        for (let i = 0; i + 4 <= codes.length; i += 4) glyphs.push(map.get(codes.slice(i, i + 4).toLowerCase()) ?? '\ufffd');
      }
      // A right-to-left run is laid out in visual order: reverse its glyphs (not the characters of a ligature).
      const text = glyphs.some((glyph) => ARABIC.test(glyph)) ? glyphs.reverse().join('') : glyphs.join('');
      pieces.push({ text, x: Number(position?.[1] ?? 0), y: Number(position?.[2] ?? 0), page });
    }
  }
  return pieces;
}

/**
 * The lines of each page, top to bottom: pieces on one baseline joined left to right with spaces (an Arabic phrase
 * drawn word by word reads in visual order, i.e. its words right to left).
 */
export function pdfLines(bytes: Buffer): string[] {
  const byLine = new Map<string, TextPiece[]>();
  for (const piece of pdfTextPieces(bytes)) {
    const key = `${piece.page}:${Math.round(piece.y)}`;
    byLine.set(key, [...(byLine.get(key) ?? []), piece]);
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => {
      const [pa = 0, ya = 0] = a.split(':').map(Number);
      const [pb = 0, yb = 0] = b.split(':').map(Number);
      return pa - pb || yb - ya;
    })
    .map(([, pieces]) => pieces.sort((p, q) => p.x - q.x).map((piece) => piece.text.trim()).join(' '));
}
