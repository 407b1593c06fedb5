import { z } from "zod";

/**
 * Every error answer (DESIGN.md "Errors"): `message` for people; for 400 also `errors`, one entry
 * per field (`path` is the field, dotted for nested ones: `subscription.keys.auth`).
 */
export const ZApiError = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** A `{message}` answer that is not an error (202 "we sent you a link"). */
export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
