import { Messages, ZApiError, ZMessageResponse, ZProfileBody, ZUser, ZUserInput, ZUserList, ZUserListItem, ZUserListQuery, ZUserToggleResponse, permissionFlag, ZIdParams, UserMessages } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireSession } from '../../identity/access';
import { registerExportRoutes } from '../../kit/export';
import { runCommand } from '../../kit/route';
import { userExportDataset } from './users.export';
import { createUser, forcePasswordReset, getUser, listUsers, prepareNewUser, prepareUserUpdate, toggleUserStatus, updateProfile, updateUser } from './users.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['users'];
const agency = { agency: 'required' } as const;

/**
 * The users screens of the selected agency (`users`, `users/add`, `users/{userId}/edit`; spec section 7), the
 * signed-in user's profile, and the admin's forced password reset.
 */
export function registerUserRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  registerExportRoutes(instance, context, { base: '/users', tags, summary: 'Users of the agency', dataset: userExportDataset });

  // The web asks `/api/users/?query` for the list and posts to `/api/users/`; both spellings answer.
  for (const url of ['/users', '/users/']) {
    api.get(
      url,
      {
        config: { access: access.permission(permissionFlag('UserStaffManagement', 'view'), agency) },
        schema: { tags, summary: 'Users of the agency: search, filters, sorting, paging', hide: url.endsWith('/'), querystring: ZUserListQuery, response: { 200: ZUserList, ...errors } },
      },
      (request) => runCommand(context, request, (tx, actor) => listUsers(tx, { ...actor, query: request.query })),
    );

    api.post(
      url,
      {
        config: { access: access.permission(permissionFlag('UserStaffManagement', 'add'), agency) },
        schema: { tags, summary: 'Create a user in the agency', hide: url.endsWith('/'), body: ZUserInput, response: { 201: ZUserListItem, ...errors, 409: ZApiError } },
      },
      async (request, reply) => {
        const passwordHash = await prepareNewUser(db, request.body);
        const user = await runCommand(context, request, (tx, actor) => createUser(tx, context, { ...actor, input: request.body, passwordHash }));
        return reply.status(201).send(user);
      },
    );
  }

  api.get(
    '/users/:id',
    {
      config: { access: access.permission(permissionFlag('UserStaffManagement', 'view'), agency) },
      schema: { tags, summary: 'One user of the agency', params: ZIdParams, response: { 200: ZUserListItem, ...errors } },
    },
    (request) => runCommand(context, request, (tx, actor) => getUser(tx, { ...actor, id: request.params.id })),
  );

  api.put(
    '/users/:id',
    {
      config: { access: access.permission(permissionFlag('UserStaffManagement', 'edit'), agency) },
      schema: { tags, summary: 'Update a user of the agency', params: ZIdParams, body: ZUserInput, response: { 200: ZUserListItem, ...errors, 409: ZApiError } },
    },
    async (request) => {
      await prepareUserUpdate(db, { id: request.params.id, input: request.body });
      return runCommand(context, request, (tx, actor) => updateUser(tx, context, { ...actor, id: request.params.id, input: request.body }));
    },
  );

  api.put(
    '/users/:id/toggle-status',
    {
      config: { access: access.permission(permissionFlag('UserStaffManagement', 'edit'), agency) },
      schema: { tags, summary: 'Activate or deactivate a user (deactivation ends their sessions)', params: ZIdParams, response: { 200: ZUserToggleResponse, ...errors } },
    },
    (request) => runCommand(context, request, (tx, actor) => toggleUserStatus(tx, context, { ...actor, id: request.params.id })),
  );

  api.put(
    '/users/profile',
    {
      config: { access: access.account() },
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
      schema: { tags: ['users'], params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await forcePasswordReset(context, { session: requireSession(request), userId: request.params.id });
      return { message: UserMessages.resetForced };
    },
  );
}
