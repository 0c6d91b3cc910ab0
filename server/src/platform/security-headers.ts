import type { AppConfig } from './config';

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The content security policy of every response. Scripts come from the app only (no inline script, no eval);
 * styles also inline, because Ant Design writes its CSS-in-JS into `<style>` elements; images also as data: and
 * blob: URLs (previews) and from the public address (file links are absolute) and the S3 endpoint when one is
 * configured; the API and the realtime socket on the app's own address (ws: or wss:). Nothing may frame a page.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'publicUrl' | 's3'>): string {
  const publicOrigin = originOf(config.publicUrl);
  const s3Origin = originOf(config.s3?.endpoint);
  const socketOrigin = publicOrigin?.replace(/^http/, 'ws');
  const sources = (...list: (string | undefined)[]) => [...new Set(list.filter((s): s is string => Boolean(s)))].join(' ');
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${sources("'self'", 'data:', 'blob:', publicOrigin, s3Origin)}`,
    `font-src 'self' data:`,
    `connect-src ${sources("'self'", publicOrigin, socketOrigin)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
    `form-action 'self'`,
  ].join('; ');
}

/** The headers every response carries (set in one onSend hook in app.ts). */
export function securityHeaders(config: Pick<AppConfig, 'publicUrl' | 's3'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
}
