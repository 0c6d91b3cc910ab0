/**
 * The texts under `root` that show a quantity (spec section 9: '1,234.500 MT') outside an isolate: neither inside a
 * `<bdi>` (or an element marked `dir="ltr"`; a textarea's own text) nor wrapped in FSI ... PDI (`isolate`) within a
 * sentence. A right-to-left screen shows those as 'MT 1,234.500'. In jsdom this checks the markup that keeps the order,
 * not the pixels. Self-contained (it names nothing outside its body), so the browser run hands it to `page.evaluate`
 * as it is (e2e/support/browser.ts `screenshot`).
 */
export function unisolatedQuantities(root: Element = document.body): string[] {
  const quantity = /-?\d[\d,]*\.\d{3} MT/g;
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const matches = [...text.matchAll(quantity)];
    if (matches.length === 0) continue;
    if (node.parentElement?.closest('bdi, [dir="ltr"], textarea')) continue;
    if (matches.every((m) => text[m.index - 1] === '\u2068' && text[m.index + m[0].length] === '\u2069')) continue;
    found.push(text.slice(0, 120));
  }
  return found;
}
