import { messages } from '@openride/shared/messages';
import { type StaffTwoFactorPolicy, type TwoFactorStatus, twoFactorRequired } from '@openride/shared/admin/two-factor';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError, domainError } from '../lib/errors';
import { giveBack, type LimitKey, takeAll } from '../lib/rate-limit';
import { sessionIdOf } from '../http/context';
import { staffOf } from '../roles/staff.repo';
import type { Ports, SessionUser } from '../ports';

/** The caller's two-factor state (decision 0090): must they enrol, have they, has this session given it. */
export async function twoFactorStatus(db: Kysely<DB>, policy: StaffTwoFactorPolicy, user: SessionUser): Promise<TwoFactorStatus> {
  const staff = await staffOf(db, user.id, sessionIdOf(user));
  if (!staff) return { staff: false, required: false, enrolled: false, verified: false, recovery_codes_left: null };
  const left = staff.twoFactor.enrolled ? await recoveryCodesLeft(db, user.id) : null;
  return { staff: true, required: twoFactorRequired(staff.role, policy), ...staff.twoFactor, recovery_codes_left: left };
}

export async function recoveryCodesLeft(db: Kysely<DB>, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** This session gave the second factor: the console answers it until it ends (its row goes with it). */
export async function markSessionVerified(trx: Kysely<DB>, user: SessionUser) {
  const sessionId = sessionIdOf(user);
  if (!sessionId) return;
  await trx
    .insertInto('staff_two_factor_sessions')
    .values({ session_id: sessionId, user_id: user.id })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

/**
 * A code check under the sign-in limits (decision 0022's, the password's own counters): the points are taken
 * before the code is looked at, so concurrent guesses cannot outrun the count; a wrong code keeps them (429
 * once spent, shared with wrong passwords), a right one gives them back and clears this account's count at
 * this address, as a successful sign-in does. `check` answers null for a wrong code.
 */
export async function underSignInLimits<T>(services: Pick<Ports, 'limiters'>, who: { email: string; ip: string }, check: () => Promise<T | null>): Promise<T> {
  const { limiters } = services;
  const email = who.email.trim().toLowerCase();
  const limits: LimitKey[] = [
    [limiters.failedPerAccountAddress, JSON.stringify([email, who.ip])],
    [limiters.failedPerIp, who.ip],
    [limiters.failedPerAccount, email],
  ];
  if (!(await takeAll(limits))) throw new AppError('RATE_LIMITED', messages.errors.tooManyAttempts.text);
  let result: T | null;
  try {
    result = await check();
  } catch (err) {
    // Not a wrong code (a refusal of another kind, a failure): it does not count.
    await giveBack(limits);
    throw err;
  }
  if (result === null) throw domainError('TWO_FACTOR_CODE_INVALID');
  await Promise.all([limiters.failedPerAccountAddress.delete(limits[0]![1]), giveBack(limits.slice(1))]);
  return result;
}
