import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, type SIGN_IN_ERRORS } from "./auth-helpers";
import { ZLanguage } from "./i18n/language-schema";
import { ZUserFields } from "./members";

export const ZEmail = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((e) => e.toLowerCase());

export const ZPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const ZName = z.string().trim().max(100, "Name must be at most 100 characters");

export const ZRegisterBody = z.object({
  email: ZEmail,
  password: ZPassword,
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  invitationToken: z
    .string()
    .trim()
    .regex(/^[\w-]{1,200}$/, "This invitation link is invalid, expired, or has already been used.")
    .optional(),
});
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
});
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export type TForgotPasswordBody = z.input<typeof ZForgotPasswordBody>;

export const ZResetPasswordBody = z.object({
  token: z.string().trim().min(1, "The reset link is incomplete").max(200),
  password: ZPassword,
});
export type TResetPasswordBody = z.input<typeof ZResetPasswordBody>;

/**
 * `POST /api/auth/verify-email`: the e-mailed link's token. `password` is required when this
 * browser is not signed in to the link's account: it replaces the account's password.
 */
export const ZVerifyEmailBody = z.object({
  token: z.string().trim().min(1, "The confirmation link is incomplete").max(200),
  password: ZPassword.optional(),
});
export type TVerifyEmailBody = z.input<typeof ZVerifyEmailBody>;

/** `GET /api/auth/user` (DESIGN.md sign-in contract, spec 2 User fields). */
export const ZAuthUser = ZUserFields.extend({
  /** Whether the owner of `email` has proved it (an e-mailed link or invitation, or the sign-in provider). */
  emailVerified: z.boolean(),
  /** The tours and welcomes this person finished or dismissed (common/tours.ts), on any device. */
  toursDone: z.array(z.string()),
  /** The language this person chose on their profile, or null (then the church's default, then the browser's). */
  language: ZLanguage.nullable(),
  /** Issue 27: the owner's own contact details (others see them only as `privacy` allows). */
  phone: z.string().nullable().optional(),
  birthday: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  church: z
    .object({
      name: z.string(),
      logoUrl: z.string().nullable(),
      brandColor: z.string(),
      timeZone: z.string(),
      /** Church Settings' language for members who chose none, or null. */
      defaultLanguage: ZLanguage.nullable(),
    })
    .nullable(),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** Which sign-in methods the server offers, for the /login page. */
export const ZAuthProviders = z.object({ password: z.boolean(), oidc: z.object({ name: z.string() }).nullable() });
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

export type TSignInError = keyof typeof SIGN_IN_ERRORS;
