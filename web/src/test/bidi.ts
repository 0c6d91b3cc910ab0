/** A formatted quantity (spec section 9: '1,234.500 MT'). */
const QUANTITY = /-?\d[\d,]*\.\d{3} MT/g;

/**
 * The texts under `root` that show a quantity outside an isolate: neither inside a `<bdi>` (or an element marked
 * `dir="ltr"`) nor wrapped in FSI ... PDI (`isolate`) within a sentence. A right-to-left screen shows those as
 * 'MT 1,234.500'. jsdom lays nothing out, so this checks the markup that keeps the order, not the pixels.
 */
export function unisolatedQuantities(root: HTMLElement): string[] {
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const matches = [...text.matchAll(QUANTITY)];
    if (matches.length === 0) continue;
    if (node.parentElement?.closest('bdi, [dir="ltr"]')) continue;
    const isolated = matches.every((m) => text[m.index - 1] === '\u2068' && text[m.index + m[0].length] === '\u2069');
    if (!isolated) found.push(text);
  }
  return found;
}
