import { useSyncExternalStore } from 'react';

export type Viewport = 'desktop' | 'tablet' | 'mobile';

/** Spec section 9: above 1220 desktop, above 767 tablet, otherwise mobile. */
export function viewportOf(width: number): Viewport {
  if (width > 1220) return 'desktop';
  if (width > 767) return 'tablet';
  return 'mobile';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, () => viewportOf(window.innerWidth), () => 'desktop');
}
