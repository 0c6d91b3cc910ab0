import {
  Messages,
  SESSION_COOKIE,
  ZApiError,
  ZChangePasswordBody,
  ZForgotPasswordBody,
  ZLoginBody,
  ZLoginResponse,
  ZMessageResponse,
  ZResetPasswordBody,
  ZUpdatePasswordBody,
  ZUserContext,
} from '@tonnage/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireSession } from '../../identity/access';
import { toApiAgency } from '../agencies/agencies.service';
import { changePassword, login, requestPasswordReset, resetPassword, toApiUser, updatePassword, userContext } from './auth.service';
import { revokeSession } from '../../identity/sessions.service';

function sessionCookie(context: ModuleContext, token: string, maxAgeSeconds: number): string {
  const secure = context.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function clearSessionCookie(reply: FastifyReply): void {
  void reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
}

/** Sign-in, sign-out, the user context and the password flows (spec sections 2.6-2.8, 4, 5, 7). */
export function registerAuthRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/auth/login',
    {
      config: { access: access.public() },
      schema: { tags: ['auth'], body: ZLoginBody, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const outcome = await login(context, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const maxAge = Math.round((outcome.expiresAt.getTime() - context.clock.now().getTime()) / 1000);
      void reply.header('x-ratelimit-remaining', String(outcome.remaining)).header('set-cookie', sessionCookie(context, outcome.token, maxAge));
      return {
        token: outcome.token,
        isSuperAdmin: outcome.user.kind === 'superAdmin',
        isAgencyAdmin: outcome.user.kind === 'agencyAdmin',
        agency: outcome.agency ? toApiAgency(outcome.agency) : null,
        user: toApiUser(outcome.user),
        message: 'Login successful',
      };
    },
  );

  // A GET in the spec, so it needs the bearer header: the cookie alone (a cross-site link or image) must not end a session.
  api.get(
    '/auth/logout',
    { config: { access: access.account({ bearerOnly: true }) }, schema: { tags: ['auth'], response: { 200: ZMessageResponse } } },
    async (request, reply) => {
      const session = requireSession(request);
      context.realtime.endSessions(await revokeSession(context.database.db, { sessionId: session.sessionId, now: context.clock.now() }));
      clearSessionCookie(reply);
      return { message: 'Logged out' };
    },
  );

  api.get(
    '/user-context',
    { config: { access: access.account() }, schema: { tags: ['auth'], response: { 200: ZUserContext } } },
    (request) => userContext(context, requireSession(request)),
  );

  api.post(
    '/auth/forgotPassword',
    { config: { access: access.public() }, schema: { tags: ['auth'], body: ZForgotPasswordBody, response: { 200: ZMessageResponse } } },
    async (request) => {
      await requestPasswordReset(context, { username: request.body.username });
      return { message: Messages.resetMailSent };
    },
  );

  api.put(
    '/auth/resetPassword/:token',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().max(200, Messages.resetTokenInvalid) }),
        body: ZResetPasswordBody,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      context.realtime.endSessions(await resetPassword(context, { token: request.params.token, password: request.body.password }));
      return { message: Messages.resetSuccessful };
    },
  );

  api.post(
    '/auth/changePassword',
    { config: { access: access.account() }, schema: { tags: ['auth'], body: ZChangePasswordBody, response: { 200: ZMessageResponse } } },
    async (request) => {
      const ended = await changePassword(context, {
        session: requireSession(request),
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
      });
      context.realtime.endSessions(ended);
      return { message: Messages.passwordUpdated };
    },
  );

  api.post(
    '/auth/updatePassword',
    {
      config: { access: access.account() },
      schema: { tags: ['auth'], body: ZUpdatePasswordBody, response: { 200: ZMessageResponse, 403: ZApiError } },
    },
    async (request) => {
      context.realtime.endSessions(await updatePassword(context, { session: requireSession(request), password: request.body.password }));
      return { message: Messages.passwordUpdated };
    },
  );
}
