import { SocketEvents, ZApiError, ZMessageResponse, ZRole, ZRoleInput, ZRoleList, ZRoleListQuery, ZRolePermissionsInput, permissionFlag, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access, requireSession } from '../../identity/access';
import { Committed, runCommand } from '../../kit/route';
import { RoleMessages, createRole, deleteRole, getRole, listRoles, renameRole, saveRolePermissions } from './roles.service';

const ZRoleParams = ZIdParams;
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['roles'];

const canView = permissionFlag('RolesStaffManagement', 'view');
const canAdd = permissionFlag('RolesStaffManagement', 'add');
const canEdit = permissionFlag('RolesStaffManagement', 'edit');
/** The role picker of the user form reads the list too, so whoever may manage users may list roles. */
const canListRoles = [canView, ...(['view', 'add', 'edit'] as const).map((action) => permissionFlag('UserStaffManagement', action))].join(',');
const agency = { agency: 'required' } as const;

/** Roles of the selected agency (`roles`, `roles/add`, `roles/{roleId}/permissions`): list, add, rename, delete, permissions. */
export function registerRoleRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/roles',
    {
      config: { access: access.permission(canListRoles, agency) },
      schema: { tags, summary: 'Roles of the agency with how many users hold each', querystring: ZRoleListQuery, response: { 200: ZRoleList, ...errors } },
    },
    (request) => runCommand(context, request, (tx) => listRoles(tx, { query: request.query })),
  );

  api.get(
    '/roles/:id',
    {
      config: { access: access.permission(canView, agency) },
      schema: { tags, summary: 'One role', params: ZRoleParams, response: { 200: ZRole, ...errors } },
    },
    (request) => runCommand(context, request, (tx) => getRole(tx, { roleId: request.params.id })),
  );

  for (const url of ['/roles', '/roles/']) {
    api.post(
      url,
      {
        config: { access: access.permission(canAdd, agency) },
        schema: { tags, summary: 'Add a role (no permissions yet)', hide: url.endsWith('/'), body: ZRoleInput, response: { 201: ZRole, ...errors, 409: ZApiError } },
      },
      async (request, reply) => reply.status(201).send(await runCommand(context, request, (tx, actor) => createRole(tx, { ...actor, input: request.body }))),
    );
  }

  api.put(
    '/roles/:id',
    {
      config: { access: access.permission(canEdit, agency) },
      schema: { tags, summary: 'Rename a role', params: ZRoleParams, body: ZRoleInput, response: { 200: ZRole, ...errors, 409: ZApiError } },
    },
    (request) => runCommand(context, request, (tx, actor) => renameRole(tx, { ...actor, roleId: request.params.id, input: request.body })),
  );

  api.delete(
    '/roles/:id',
    {
      config: { access: access.permission(canEdit, agency) },
      schema: { tags, summary: 'Delete a role nobody holds', params: ZRoleParams, response: { 200: ZMessageResponse, ...errors, 409: ZApiError } },
    },
    async (request) => {
      await runCommand(context, request, (tx, actor) => deleteRole(tx, { ...actor, roleId: request.params.id }));
      return { message: RoleMessages.deleted };
    },
  );

  api.get(
    '/roles/:id/permissions',
    {
      config: { access: access.permission(canView, agency) },
      schema: { tags, summary: 'A role with its permission flags (the catalogue is in the contracts package)', params: ZRoleParams, response: { 200: ZRole, ...errors } },
    },
    (request) => runCommand(context, request, (tx) => getRole(tx, { roleId: request.params.id })),
  );

  api.put(
    '/roles/:id/permissions',
    {
      config: { access: access.permission(canEdit, agency) },
      schema: {
        tags,
        summary: 'Replace the permission flags of a role; its holders reload their context',
        params: ZRoleParams,
        body: ZRolePermissionsInput,
        response: { 200: ZRole, ...errors },
      },
    },
    (request) => {
      const session = requireSession(request);
      const grantor = { roleId: session.user.roleId, permissions: session.permissions };
      return runCommand(context, request, async (tx, actor) => {
        const { role, holders } = await saveRolePermissions(tx, { ...actor, grantor, roleId: request.params.id, input: request.body });
        // Each holder reloads their context, once the new flags are committed.
        const afterCommit = () => {
          for (const userId of holders) context.realtime.emitToUser(userId, SocketEvents.userContext, { userContextUpdated: true });
        };
        return new Committed(role, { afterCommit });
      });
    },
  );
}
