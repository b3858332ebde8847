import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { MESSAGES as M } from './messages.ts';
import { phoneNumber } from './phone.ts';
import {
  email,
  form,
  loginEmail,
  loginPassword,
  optionalPassword,
  optionalString,
  optionalTextArea,
  password,
  personName,
  token,
} from './shared.ts';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The current password is asked for (and checked) only when the email changes. */
export const contactDetailsSchema = (options: { currentEmail: string }) =>
  form({
    email: email(),
    phoneNumber: phoneNumber(),
    // Empty while the email is unchanged: the refinement below decides whether it is needed.
    currentPassword: optionalPassword(),
  }).superRefine((values, ctx) => {
    if (sameEmail(values.email, options.currentEmail)) return;
    const current = values.currentPassword ?? '';
    if (current === '') ctx.addIssue({ code: 'custom', message: M.required, path: ['currentPassword'] });
    else if (current.length < LIMITS.passwordMin) {
      ctx.addIssue({ code: 'custom', message: M.passwordTooShort, path: ['currentPassword'] });
    }
  });

/** Whether the confirm-changes section (current password) shows. */
export function emailChanged(email: string, currentEmail: string): boolean {
  return !sameEmail(email, currentEmail);
}

export const passwordChangeSchema = form({ newPassword: password(), currentPassword: password() });

export const passwordRecoverySchema = form({ email: email() });

export const passwordResetSchema = form({
  email: email(),
  passwordResetToken: token(),
  newPassword: password(),
});

export const loginSchema = form({ email: loginEmail(), password: loginPassword() });

export const signupSchema = form({
  email: email(),
  firstName: personName(),
  lastName: personName(),
  password: password(),
  referralCode: optionalString(100),
  recaptchaValue: token(),
  protectedData: z.record(z.string(), z.unknown(), { error: M.invalid }).optional(),
});

export const confirmSignupSchema = form({
  email: email(),
  firstName: personName(),
  lastName: personName(),
});

export const profileSettingsSchema = form({
  firstName: personName(),
  lastName: personName(),
  bio: optionalTextArea(),
  instagram: optionalString(200),
  tiktok: optionalString(200),
});

/** Images: JPG, GIF or PNG, at most 20 MB (the check before upload). */
export const imageFileSchema = form({
  type: z.enum(LIMITS.imageTypes, { error: M.imageTypeInvalid }),
  size: z
    .number({ error: M.invalid })
    .int({ error: M.invalid })
    .nonnegative({ error: M.invalid })
    .max(LIMITS.imageMaxBytes, { error: M.imageTooLarge }),
});

export const emailVerificationSchema = form({ verificationToken: token() });

export const changeEmailSchema = form({ email: email(), currentPassword: password() });
