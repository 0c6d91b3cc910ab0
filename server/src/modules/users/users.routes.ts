import { Messages, ZMessageResponse, ZProfileBody, ZUser, permissionFlag } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../app';
import { access, requireSession } from '../../platform/access';
import { forcePasswordReset, updateProfile } from './users.service';

/** The signed-in user's profile, and the admin's forced password reset (users screens come with the access issue). */
export function registerUserRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/users/profile',
    {
      config: { access: access.signedIn() },
      schema: { tags: ['users'], body: ZProfileBody, response: { 200: z.object({ user: ZUser, message: z.string() }) } },
    },
    async (request) => {
      const user = await updateProfile(context, { session: requireSession(request), input: request.body });
      return { user, message: Messages.profileUpdated };
    },
  );

  api.put(
    '/users/:id/force-password-reset',
    {
      config: { access: access.permission(permissionFlag('UserStaffManagement', 'edit')) },
      schema: { tags: ['users'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await forcePasswordReset(context, { session: requireSession(request), userId: request.params.id });
      return { message: 'The user will be asked for a new password.' };
    },
  );
}
