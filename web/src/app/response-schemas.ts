/**
 * The response schemas the session needs before the signed-in app has loaded (the user context on a restored
 * session, the sign-in response). Imported dynamically (`import('./response-schemas')`), so zod and the contracts'
 * schemas are not in the JavaScript that runs before the sign-in form shows (issue 15).
 */
export { ZLoginResponse, ZUserContext } from '@tonnage/contracts';
