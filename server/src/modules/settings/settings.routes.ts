import { ZProductSettings, ZProductSettingsInput, ZPublicSettings } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireSession } from '../../identity/access';
import { recordAudit } from '../../platform/audit/audit';

/** Product settings (spec 2.3 `settings`, super admin only), and the public part the sign-in page needs. */
export function registerSettingsRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/settings',
    { config: { access: access.permission('canViewSettings') }, schema: { tags: ['settings'], response: { 200: ZProductSettings } } },
    () => context.settings.get(),
  );

  api.put(
    '/settings',
    {
      config: { access: access.permission('canViewSettings') },
      schema: { tags: ['settings'], body: ZProductSettingsInput, response: { 200: z.object({ settings: ZProductSettings, message: z.string() }) } },
    },
    async (request) => {
      const session = requireSession(request);
      const before = await context.settings.get();
      const settings = await context.settings.update({ changes: request.body, userId: session.user.id });
      await recordAudit(context.database.db, {
        agencyId: null,
        userId: session.user.id,
        action: 'update',
        entity: 'settings',
        entityId: 'product',
        before,
        after: settings,
        at: context.clock.now(),
      });
      return { settings, message: 'Settings updated successfully!' };
    },
  );

  api.get(
    '/settings/public',
    {
      config: { access: access.public() },
      schema: { tags: ['settings'], response: { 200: ZPublicSettings } },
    },
    async () => {
      const settings = await context.settings.get();
      return { version: context.config.appVersion, defaultLanguage: settings.defaultLanguage, loginMaxAttempts: settings.loginMaxAttempts };
    },
  );
}
