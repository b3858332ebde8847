import type { SessionUser } from '@hora/core/session';

export type VerificationView =
  | { kind: 'verified'; firstName: string }
  | { kind: 'failed'; canResend: boolean }
  | { kind: 'prompt'; sentTo: string };

/**
 * The email-verification page (spec part 1 §2): an error when the link did not work; otherwise the
 * prompt while an address waits to be verified (a new sign-up, or a changed email that stays
 * pending until its link is opened), and the success view once there is nothing left to verify.
 */
export function verificationView(
  user: Pick<SessionUser, 'email' | 'emailVerified' | 'pendingEmail' | 'firstName'>,
  linkFailed: boolean,
): VerificationView {
  const waiting = !user.emailVerified || user.pendingEmail !== null;
  if (linkFailed) return { kind: 'failed', canResend: waiting };
  if (waiting) return { kind: 'prompt', sentTo: user.pendingEmail ?? user.email };
  return { kind: 'verified', firstName: user.firstName };
}
