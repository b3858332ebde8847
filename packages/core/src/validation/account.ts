import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { safeReturnPath } from '../routing/safe-return-path.ts';
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

/**
 * `PATCH /api/account/contact-details`. Whether the current password is needed depends on the
 * stored email, which only the server (and the form, through `contactDetailsSchema`) knows.
 */
export const contactDetailsBodySchema = form({
  email: email(),
  phoneNumber: phoneNumber(),
  // Empty while the email is unchanged: the refinement of the form decides whether it is needed.
  currentPassword: optionalPassword(),
});

/** The form: the current password is asked for (and checked) only when the email changes. */
export const contactDetailsSchema = (options: { currentEmail: string }) =>
  contactDetailsBodySchema.superRefine((values, ctx) => {
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

/** `POST /api/account/password`. */
export const passwordChangeSchema = form({ newPassword: password(), currentPassword: password() });

/** `POST /api/account/delete`: deleting one's own account asks for the current password. */
export const accountDeletionSchema = form({ currentPassword: loginPassword() });

/** `POST /api/auth/password-recovery`. */
export const passwordRecoverySchema = form({ email: email() });

/** `POST /api/auth/password-reset`: the token comes from the emailed link. */
export const passwordResetSchema = form({ token: token(), newPassword: password() });

/** `POST /api/auth/login`. */
export const loginSchema = form({ email: loginEmail(), password: loginPassword() });

/** The languages a person can choose for their emails. */
export const localeSchema = z.enum(['es', 'en'], { error: M.invalid }).default('es');

/** The terms checkbox of the sign-up and confirm forms: it must be ticked. */
const termsAccepted = () => z.literal(true, { error: M.termsRequired });

/** The person's details, as the sign-up form and the confirm form (external sign-up) ask them. */
const personDetails = form({ email: email(), firstName: personName(), lastName: personName() });

/** `POST /api/auth/signup`: the form's fields plus the solved captcha and the accepted terms. */
export const signupSchema = personDetails.extend({
  password: password(),
  referralCode: optionalString(100),
  captcha: token(),
  termsAccepted: termsAccepted(),
  locale: localeSchema,
});

/**
 * `POST /api/auth/confirm`, after a Google/Facebook sign-up. The current password is needed only
 * for a changed email of an older account, which the server decides.
 */
export const confirmSignupSchema = personDetails.extend({
  termsAccepted: termsAccepted(),
  currentPassword: z
    .string({ error: M.invalid })
    .max(LIMITS.passwordMax, { error: M.passwordTooLong })
    .optional(),
});

/** `PATCH /api/account/profile`. */
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

/**
 * `POST /api/account/avatar`, for the API document only: the server streams the multipart file and
 * checks its content, the form checks type and size with `imageFileSchema` before uploading.
 */
export const avatarUploadSchema = form({
  image: z
    .file()
    .mime([...LIMITS.imageTypes])
    .describe(`JPEG, PNG or GIF, at most ${LIMITS.imageMaxBytes / 1024 / 1024} MB; checked by content`),
});

/** `GET /api/auth/providers/:provider/start`: only same-site paths are places to come back to. */
export const externalSignInQuerySchema = form({
  returnTo: z
    .string()
    .optional()
    .transform((value) => safeReturnPath(value)),
});

/** `POST /api/auth/verify-email`: the token of the emailed link. */
export const emailVerificationSchema = form({ token: token() });

/**
 * What the web sends each endpoint: every field of its schema, by name, with the values as typed
 * (an unticked terms box is sent as `false` so the API answers with the field's message).
 */
export type FormFields<S extends z.ZodObject> = { [K in keyof z.input<S>]-?: unknown };

export type SignupBody = FormFields<typeof signupSchema>;
export type LoginBody = FormFields<typeof loginSchema>;
export type ConfirmSignupBody = FormFields<typeof confirmSignupSchema>;
export type PasswordRecoveryBody = FormFields<typeof passwordRecoverySchema>;
export type PasswordResetBody = FormFields<typeof passwordResetSchema>;
export type PasswordChangeBody = FormFields<typeof passwordChangeSchema>;
export type AccountDeletionBody = FormFields<typeof accountDeletionSchema>;
export type EmailVerificationBody = FormFields<typeof emailVerificationSchema>;
export type ContactDetailsBody = FormFields<typeof contactDetailsBodySchema>;
export type ProfileSettingsBody = FormFields<typeof profileSettingsSchema>;
