import { describe, expect, it } from 'vitest';
import { verificationView } from './email-verification.ts';

const user = { email: 'lucia@example.com', emailVerified: true, pendingEmail: null, firstName: 'Lucía' };

describe('verificationView', () => {
  it('congratulates a verified person by first name', () => {
    expect(verificationView(user, false)).toEqual({ kind: 'verified', firstName: 'Lucía' });
  });

  it('prompts a person whose email is not verified, naming the address', () => {
    expect(verificationView({ ...user, emailVerified: false }, false)).toEqual({
      kind: 'prompt',
      sentTo: 'lucia@example.com',
    });
  });

  it('prompts for a pending new address, naming the new one', () => {
    expect(verificationView({ ...user, pendingEmail: 'nueva@example.com' }, false)).toEqual({
      kind: 'prompt',
      sentTo: 'nueva@example.com',
    });
  });

  it('reports a link that failed, offering to resend only when something waits for verification', () => {
    expect(verificationView({ ...user, emailVerified: false }, true)).toEqual({
      kind: 'failed',
      canResend: true,
    });
    expect(verificationView(user, true)).toEqual({ kind: 'failed', canResend: false });
  });
});
