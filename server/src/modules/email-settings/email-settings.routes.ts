import { ZApiError, ZEmailSettings, ZEmailSettingsInput, ZMessageResponse, ZTestEmailInput, hasPermission, permissionFlag } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access, requireAgency, requireSession } from '../../identity/access';
import { inAgency } from '../../platform/db/tenancy';
import { forbidden } from '../../platform/errors';
import { getEmailSettings, hasEmailSettings, saveEmailSettings, sendTestEmail } from './email-settings.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['e-mail settings'];
const VIEW = permissionFlag('EmailSettings', 'view');
const ADD = permissionFlag('EmailSettings', 'add');
const EDIT = permissionFlag('EmailSettings', 'edit');

/** The selected agency's SMTP settings (screen `emailSettings`); the password is write-only. */
export function registerEmailSettingsRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  r.get(
    '/email-settings',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'The agency’s e-mail settings, without the password (404 when none saved)', response: { 200: ZEmailSettings, ...errors } },
    },
    (request) => {
      const agencyId = requireAgency(request);
      return inAgency(db, agencyId, (tx) => getEmailSettings(tx, { agencyId }));
    },
  );

  r.put(
    '/email-settings',
    {
      config: { access: access.permission(`${ADD},${EDIT}`, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Save the agency’s e-mail settings (password omitted: kept; empty: removed)',
        body: ZEmailSettingsInput,
        response: { 200: ZEmailSettings, ...errors },
      },
    },
    (request) => {
      const session = requireSession(request);
      const agencyId = requireAgency(request);
      return inAgency(db, agencyId, async (tx) => {
        const exists = await hasEmailSettings(tx, { agencyId });
        if (!hasPermission(session, exists ? EDIT : ADD)) throw forbidden();
        return saveEmailSettings(tx, { agencyId, input: request.body, actorId: session.user.id, now: context.clock.now(), config: context.config });
      });
    },
  );

  r.post(
    '/email-settings/test',
    {
      config: { access: access.permission(EDIT, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Send a test e-mail through the saved settings; 400 with the SMTP server’s reason on failure',
        body: ZTestEmailInput,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    (request) => sendTestEmail({ db, config: context.config }, { agencyId: requireAgency(request), to: request.body.to }),
  );
}
