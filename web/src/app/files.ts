/** Address of a stored file: `${s3Url}${path}` (spec sections 2.10 and 3); absolute addresses pass through. */
export function fileUrl(s3Url: string, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  if (!s3Url) return path;
  const base = s3Url.endsWith('/') ? s3Url : `${s3Url}/`;
  return `${base}${path.replace(/^\/+/, '')}`;
}
