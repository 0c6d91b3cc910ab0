import { ErrorCode, SocketEvents, type TProfileBody, type TUser } from '@tonnage/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZProfileBody } from '@tonnage/contracts';
import type { ModuleContext } from '../../app';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { storedFiles } from '../../platform/storage/files.schema';
import { toApiUser, type SessionContext } from '../auth/sessions.service';
import { users } from './users.schema';

export type ProfileInput = z.output<typeof ZProfileBody>;
export type { TProfileBody };

/**
 * Updates the signed-in user's own profile (spec sections 2.11 and 4). `profilePic` undefined keeps the picture,
 * null removes it, a path must be an image this user uploaded to the profile folder.
 */
export async function updateProfile(context: ModuleContext, params: { session: SessionContext; input: ProfileInput }): Promise<TUser> {
  const { db } = context.database;
  const { session, input } = params;
  if (input.id !== undefined && input.id !== session.user.id) throw forbidden();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, ne(users.id, session.user.id)))
    .limit(1);
  if (taken) throw conflict('This e-mail is already used by another user.', { email: 'This e-mail is already used by another user.' });
  if (input.profilePic) {
    const [file] = await db
      .select({ uploadedBy: storedFiles.uploadedBy, directory: storedFiles.directory })
      .from(storedFiles)
      .where(eq(storedFiles.path, input.profilePic))
      .limit(1);
    if (!file || file.directory !== 'profile' || file.uploadedBy !== session.user.id) {
      throw new AppError(400, ErrorCode.VALIDATION, 'Please upload the profile picture again.', { profilePic: 'Please upload the profile picture again.' });
    }
  }
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      initials: input.initials,
      phone: input.phone,
      idNumber: input.idNumber,
      email: input.email,
      address: input.address,
      ...(input.residenceCountryId !== undefined ? { residenceCountryId: input.residenceCountryId } : {}),
      ...(input.cityId !== undefined ? { cityId: input.cityId } : {}),
      ...(input.originCountryId !== undefined ? { originCountryId: input.originCountryId } : {}),
      ...(input.profilePic !== undefined ? { profilePic: input.profilePic } : {}),
      updatedAt: context.clock.now(),
    })
    .where(eq(users.id, session.user.id))
    .returning();
  if (!row) throw notFound();
  context.realtime.emitToUser(row.id, SocketEvents.userContext, { userContextUpdated: true });
  return toApiUser(row);
}

/**
 * Makes a user set a new password at the next page load or sign-in (spec section 4, forced reset). An agency
 * admin or user with the edit permission may do it within their own agency; a super admin anywhere.
 */
export async function forcePasswordReset(context: ModuleContext, params: { session: SessionContext; userId: number }): Promise<void> {
  const { db } = context.database;
  const [target] = await db.select({ id: users.id, agencyId: users.agencyId, kind: users.kind }).from(users).where(eq(users.id, params.userId)).limit(1);
  if (!target) throw notFound('User not found');
  if (!params.session.isSuperAdmin && (target.agencyId !== params.session.user.agencyId || target.kind === 'superAdmin')) throw forbidden();
  await db.update(users).set({ passwordResetAt: context.clock.now() }).where(eq(users.id, target.id));
  context.realtime.emitToUser(target.id, SocketEvents.userContext, { userContextUpdated: true });
}
