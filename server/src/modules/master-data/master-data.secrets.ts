import type { ResourceDef } from '@tonnage/contracts';
import { resolveAppSecret, type AppConfig } from '../../platform/config';
import { openSecret, sealSecret } from '../../platform/secret-box';

/** What sealing needs from the configuration: the server secret (or the data directory that keeps a generated one). */
export type SecretConfig = Pick<AppConfig, 'appSecret' | 'dataDir'>;

const PURPOSE = 'resource-secret';

/**
 * The ciphertext is bound to the agency, the resource and the field: a value copied to another agency's row or
 * into another field does not decrypt there.
 */
const contextOf = (params: { agencyId: number; resource: ResourceDef; field: string }) => `agency:${params.agencyId}:${params.resource.key}.${params.field}`;

/** Encrypts the value of a secret field (a device password) for its column; the value itself is never stored. */
export function sealResourceSecret(config: SecretConfig, params: { agencyId: number; resource: ResourceDef; field: string; plaintext: string }): string {
  return sealSecret({ secret: resolveAppSecret(config), purpose: PURPOSE, context: contextOf(params), plaintext: params.plaintext });
}

/** Decrypts a stored secret field for the integration that logs in with it; throws when anything differs. */
export function openResourceSecret(config: SecretConfig, params: { agencyId: number; resource: ResourceDef; field: string; sealed: string }): string {
  return openSecret({ secret: resolveAppSecret(config), purpose: PURPOSE, context: contextOf(params), sealed: params.sealed });
}
