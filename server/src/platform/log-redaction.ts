import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the server log may say about a request. Tokens travel in places a log sees: `?token=` on file links and
 * Excel exports (spec 7), the reset link's last path segment (`/resetpassword/<token>` for the page,
 * `/api/auth/resetPassword/<token>` for the API). Whoever reads the log must not be able to sign in with it, so
 * these serializers replace such values with `[redacted]`. Headers (authorization, cookie) and bodies (passwords)
 * are never written: the request serializer names the fields it keeps.
 */
export const REDACTED = '[redacted]';

/** Query parameter names whose value is a credential or a secret, whatever their letter case. */
const SECRET_NAME = /token|passw|secret|ticket|cookie|authoriz|session|signature|credential|api[-_]?key/i;

/** The reset token: the path segment after `resetpassword/`, in any letter case and spelling of slashes. */
const RESET_SEGMENT = /(resetpassword\/+)[^/?#]+/gi;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request URL fit for the log: the reset token and the values of secret query parameters replaced. The path
 * is logged decoded, because the router decodes it too (`%72esetPassword` reaches `resetPassword`).
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? undefined : url.slice(mark + 1);
  const decodedPath = decode(path);
  const safePath = decodedPath.replace(RESET_SEGMENT, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_NAME.test(decode(name.replace(/\+/g, ' '))) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Free text (an error's message or stack) with anything that looks like a token or a secret value replaced. */
export function redactText(text: string): string {
  return text
    .replace(RESET_SEGMENT, `$1${REDACTED}`)
    .replace(/\b(bearer\s+)[\w.~+/=-]+/gi, `$1${REDACTED}`)
    .replace(/([?&;\s"'](?:[\w-]*(?:token|passw|secret|ticket|cookie|session|signature|credential)[\w-]*)=)[^&\s"',;]+/gi, `$1${REDACTED}`);
}

/** The serializers of the app's logger (Fastify passes them to pino). */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    };
  },
  res(reply: Pick<FastifyReply, 'statusCode'>) {
    return { statusCode: reply.statusCode };
  },
  /** Name, code, message and stack only: a driver's error can carry the values of a statement in other fields. */
  err(error: Error) {
    const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
    return {
      type: error.name,
      message: redactText(error.message),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(typeof statusCode === 'number' ? { statusCode } : {}),
      stack: redactText(error.stack ?? ''),
    };
  },
};
