import { ErrorCode, Messages, type TUserContext } from '@tonnage/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ModuleContext } from '../module-context';
import type { Db } from '../../platform/db/client';
import type { MailMessage } from '../../platform/mail/mailer';
import { adminCompanyOf, dataScopeOf } from '../../identity/data-scope';
import { inAgency } from '../../platform/db/tenancy';
import { AppError, badRequest, runtimeMessage } from '../../platform/errors';
import { mailerForAgency } from '../email-settings/agency-mailer';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';
import { passwordResetTokens } from '../../identity/auth.schema';
import { createSession, hashToken, newToken, revokeUserSessions, toApiUser, type SessionContext } from '../../identity/sessions.service';
import { clearThrottle, readThrottle, recordFailure, throttleKey, type ThrottlePolicy } from './throttle.service';

type AgencyRow = typeof agencies.$inferSelect;

export interface LoginOutcome {
  token: string;
  expiresAt: Date;
  user: typeof users.$inferSelect;
  agency: AgencyRow | null;
  remaining: number;
}

async function throttlePolicy(context: ModuleContext): Promise<ThrottlePolicy> {
  const settings = await context.settings.get();
  return { maxAttempts: settings.loginMaxAttempts, blockSeconds: Math.round(settings.loginBlockMinutes * 60) };
}

function blockedError(maxAttempts: number, seconds: number): AppError {
  return new AppError(429, ErrorCode.LOGIN_BLOCKED, maxAttempts === 5 ? Messages.blocked : runtimeMessage(`You are blocked for ${maxAttempts} wrong attempts.`), undefined, {
    'retry-after': String(seconds),
    'x-ratelimit-reset': String(seconds),
    'x-ratelimit-remaining': '0',
  });
}

/**
 * Signs a user in (spec sections 2.6, 4 and 8): refuses while the username and address are blocked, counts wrong
 * passwords, and on success clears the count and starts a session.
 */
export async function login(
  context: ModuleContext,
  params: { username: string; password: string; rememberMe: boolean; ip: string; userAgent: string | undefined },
): Promise<LoginOutcome> {
  const { db } = context.database;
  const now = context.clock.now();
  const policy = await throttlePolicy(context);
  const key = throttleKey(params.username, params.ip);
  const state = await readThrottle(db, { key, now, policy });
  if (state.blockedForSeconds > 0) throw blockedError(policy.maxAttempts, state.blockedForSeconds);

  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = ${params.username.trim().toLowerCase()}`).limit(1);
  const passwordOk = user ? await verifyPassword(user.passwordHash, params.password) : (await verifyAgainstDummy(params.password), false);
  if (!user || !passwordOk) {
    const after = await recordFailure(db, { key, now, policy });
    if (after.blockedForSeconds > 0) throw blockedError(policy.maxAttempts, after.blockedForSeconds);
    throw new AppError(401, ErrorCode.WRONG_CREDENTIALS, Messages.wrongCredentials, undefined, {
      'x-ratelimit-remaining': String(after.remaining),
    });
  }
  const remainingHeader = { 'x-ratelimit-remaining': String(policy.maxAttempts) };
  if (!user.isActive) throw new AppError(401, ErrorCode.USER_INACTIVE, Messages.userInactive, undefined, remainingHeader);
  let agency: AgencyRow | null = null;
  if (user.agencyId !== null) {
    const [row] = await db.select().from(agencies).where(eq(agencies.id, user.agencyId)).limit(1);
    agency = row ?? null;
    if (user.kind !== 'superAdmin' && !agency?.isActive) {
      throw new AppError(401, ErrorCode.AGENCY_INACTIVE, Messages.agencyInactive, undefined, remainingHeader);
    }
  }
  await clearThrottle(db, { key });
  const settings = await context.settings.get();
  const lifetimeSeconds = Math.round(params.rememberMe ? settings.rememberMeDays * 86400 : settings.sessionHours * 3600);
  const session = await createSession(db, {
    userId: user.id,
    rememberMe: params.rememberMe,
    lifetimeSeconds,
    ip: params.ip,
    ...(params.userAgent ? { userAgent: params.userAgent } : {}),
    now,
  });
  return { token: session.token, expiresAt: session.expiresAt, user, agency, remaining: policy.maxAttempts };
}

/** The user context of spec section 3 (session state) for a signed-in session. */
export async function userContext(context: ModuleContext, session: SessionContext): Promise<TUserContext> {
  const { db } = context.database;
  const [agency] = session.user.agencyId
    ? await db
        .select({ id: agencies.id, name: agencies.name, logo: agencies.logo, isActive: agencies.isActive })
        .from(agencies)
        .where(eq(agencies.id, session.user.agencyId))
        .limit(1)
    : [];
  // A company admin's company decides their scope: a shipment-manager company's admin sees that company only.
  const agencyId = session.user.agencyId;
  const company = session.user.kind === 'companyAdmin' && agencyId !== null ? await inAgency(db, agencyId, (tx) => adminCompanyOf(tx, session.user)) : null;
  const now = context.clock.now();
  return {
    user: session.user,
    permissions: session.permissions,
    isSuperAdmin: session.isSuperAdmin,
    isAgencyAdmin: session.isAgencyAdmin,
    isAgencyUser: session.user.kind === 'agencyUser',
    isCompanyAdmin: session.user.kind === 'companyAdmin',
    company,
    agency: agency ?? null,
    s3Url: '/api/files/',
    passwordResetDue: passwordResetDue({ isSuperAdmin: session.isSuperAdmin, passwordResetAt: session.user.passwordResetAt, now }),
    dataScope: (() => {
      const scope = dataScopeOf(session, company);
      return {
        shipmentManagerIds: scope.shipmentManagerIds ? [...scope.shipmentManagerIds] : null,
        consigneeIds: scope.consigneeIds ? [...scope.consigneeIds] : null,
        locationIds: scope.locationIds ? [...scope.locationIds] : null,
      };
    })(),
  };
}

/** Spec section 4: the forced reset applies to non-super-admin users whose passwordResetAt is missing or not in the future. */
export function passwordResetDue(params: { isSuperAdmin: boolean; passwordResetAt: Date | string | null; now: Date }): boolean {
  if (params.isSuperAdmin) return false;
  return params.passwordResetAt === null || new Date(params.passwordResetAt) <= params.now;
}

/** When a password set now stops being current. */
async function nextResetAt(context: ModuleContext, now: Date): Promise<Date> {
  const settings = await context.settings.get();
  return new Date(now.getTime() + settings.passwordMaxAgeDays * 86400 * 1000);
}

/**
 * Sets a user's password (hashing it) and the date its forced reset falls due. `validUntil` is computed before the
 * caller's transaction: inside one, nothing may query through another connection (the embedded database has one).
 */
async function setPassword(db: Db, params: { userId: number; passwordHash: string; validUntil: Date; now: Date }): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash, passwordResetAt: params.validUntil, updatedAt: params.now })
    .where(eq(users.id, params.userId));
}

/**
 * Stores a single-use token that lets a user choose a password, valid for `minutes`, and answers the link to
 * mail. Pass the transaction that created the user, and send the mail only after it commits.
 */
export async function issuePasswordLink(db: Db, context: ModuleContext, params: { userId: number; now: Date; minutes: number }): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: params.userId,
    createdAt: params.now,
    expiresAt: new Date(params.now.getTime() + params.minutes * 60_000),
  });
  return `${context.config.publicUrl}/resetpassword/${token}`;
}

/** The e-mail that carries a password link: after a forgotten password (reset), or to a newly created user (welcome). */
export function passwordLinkMail(params: {
  user: { email: string; firstName: string; username: string };
  link: string;
  minutes: number;
  purpose: 'reset' | 'welcome';
}): MailMessage {
  const { user, link } = params;
  const within = params.minutes % 1440 === 0 ? `${params.minutes / 1440} days` : `${params.minutes} minutes`;
  if (params.purpose === 'welcome') {
    return {
      to: user.email,
      subject: 'Tonnage: your new account',
      text: `Hello ${user.firstName},\n\nAn account was created for you on Tonnage (username ${user.username}).\nOpen this link within ${within} to choose your password:\n\n${link}\n\nAfterwards, "Forgot password" on the sign-in page sends a new link.\n`,
      html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>An account was created for you on Tonnage (username <b>${escapeHtml(user.username)}</b>).</p><p><a href="${link}">Choose your password</a> within ${within}.</p><p>Afterwards, "Forgot password" on the sign-in page sends a new link.</p>`,
    };
  }
  return {
    to: user.email,
    subject: 'Tonnage: reset your password',
    text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Tonnage account (${user.username}).\nOpen this link within ${within} to choose a new password:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Someone asked to reset the password of your Tonnage account (<b>${escapeHtml(user.username)}</b>).</p><p><a href="${link}">Choose a new password</a> within ${within}.</p><p>If it was not you, ignore this e-mail; your password stays as it is.</p>`,
  };
}

/**
 * Starts a password reset: for an active user, stores a single-use token and mails the link. Answers the same
 * whether or not the user exists, so the form reveals nothing.
 */
export async function requestPasswordReset(context: ModuleContext, params: { username: string }): Promise<void> {
  const { db } = context.database;
  const now = context.clock.now();
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = ${params.username.trim().toLowerCase()}`).limit(1);
  if (!user || !user.isActive) return;
  const minutes = (await context.settings.get()).resetTokenMinutes;
  const link = await issuePasswordLink(db, context, { userId: user.id, now, minutes });
  // A user of an agency gets the mail through that agency's SMTP settings when it has active ones.
  const mailer = user.agencyId === null ? context.mailer : await mailerForAgency(context, { agencyId: user.agencyId });
  const send = mailer.send(passwordLinkMail({ user, link, minutes, purpose: 'reset' }));
  // Sent in the background so that the answer takes as long for unknown names as for known ones.
  send.catch((error: unknown) => console.error('password reset mail failed', error));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Completes a reset with a token: single use, within its hour; ends every session of the user and answers them. */
export async function resetPassword(context: ModuleContext, params: { token: string; password: string }): Promise<number[]> {
  const now = context.clock.now();
  const validUntil = await nextResetAt(context, now);
  const passwordHash = await hashPassword(params.password);
  return context.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(params.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError(400, ErrorCode.INVALID_RESET_TOKEN, Messages.resetTokenInvalid);
    await setPassword(tx, { userId: claimed.userId, passwordHash, validUntil, now });
    return revokeUserSessions(tx, { userId: claimed.userId, now });
  });
}

/** Changes the signed-in user's password after checking the current one; ends the user's other sessions and answers them. */
export async function changePassword(
  context: ModuleContext,
  params: { session: SessionContext; currentPassword: string; newPassword: string },
): Promise<number[]> {
  const { db } = context.database;
  const now = context.clock.now();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, params.session.user.id)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, params.currentPassword))) {
    throw new AppError(400, ErrorCode.WRONG_CURRENT_PASSWORD, Messages.currentPasswordWrong, { currentPassword: Messages.currentPasswordWrong });
  }
  const validUntil = await nextResetAt(context, now);
  const passwordHash = await hashPassword(params.newPassword);
  return db.transaction(async (tx) => {
    await setPassword(tx, { userId: params.session.user.id, passwordHash, validUntil, now });
    return revokeUserSessions(tx, { userId: params.session.user.id, now, keepSessionId: params.session.sessionId });
  });
}

/**
 * The forced reset (spec section 4): sets a new password for the signed-in user without the current one, so only
 * while a reset is due; otherwise a stolen token could take the account over for good. Ends the user's other
 * sessions; answers the sessions it ended.
 */
export async function updatePassword(context: ModuleContext, params: { session: SessionContext; password: string }): Promise<number[]> {
  const now = context.clock.now();
  const [row] = await context.database.db
    .select({ passwordHash: users.passwordHash, passwordResetAt: users.passwordResetAt })
    .from(users)
    .where(eq(users.id, params.session.user.id))
    .limit(1);
  if (!row || !passwordResetDue({ isSuperAdmin: params.session.isSuperAdmin, passwordResetAt: row.passwordResetAt, now })) {
    throw new AppError(403, ErrorCode.FORBIDDEN, Messages.passwordResetNotDue);
  }
  if (await verifyPassword(row.passwordHash, params.password)) {
    throw badRequest('The new password must differ from the current one.', { password: 'The new password must differ from the current one.' });
  }
  const validUntil = await nextResetAt(context, now);
  const passwordHash = await hashPassword(params.password);
  return context.database.db.transaction(async (tx) => {
    await setPassword(tx, { userId: params.session.user.id, passwordHash, validUntil, now });
    return revokeUserSessions(tx, { userId: params.session.user.id, now, keepSessionId: params.session.sessionId });
  });
}

export { toApiUser };
