/**
 * The Map tab's pin: a teardrop in the kind's colour with a white dot, drawn inline (no image file, no address),
 * the same shape on the map (an HTML string for Leaflet's divIcon) and in the legend (a React element).
 */
const PIN_PATH = 'M12 1C5.9 1 1 5.8 1 11.9 1 20.2 12 31 12 31s11-10.8 11-19.1C23 5.8 18.1 1 12 1z';
export const PIN_SIZE = { width: 24, height: 32 } as const;

/** The pin as markup for the map's markers; `color` is one of the contract's fixed colours. */
export function pinMarkup(color: string): string {
  return `<svg width="${PIN_SIZE.width}" height="${PIN_SIZE.height}" viewBox="0 0 24 32" aria-hidden="true" focusable="false"><path d="${PIN_PATH}" fill="${color}" stroke="#ffffff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.2" fill="#ffffff"/></svg>`;
}

/** The pin in the legend. */
export function MapPin({ color, size = 18 }: { color: string; size?: number }) {
  return (
    <svg width={(size * PIN_SIZE.width) / PIN_SIZE.height} height={size} viewBox="0 0 24 32" aria-hidden="true" focusable="false">
      <path d={PIN_PATH} fill={color} stroke="#ffffff" strokeWidth={1.5} />
      <circle cx={12} cy={12} r={4.2} fill="#ffffff" />
    </svg>
  );
}
