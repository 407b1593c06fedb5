import { z } from "zod";

/** `{id}` path parameters are UUIDs; anything else names no row, and the error handler answers 404. */
export const ZIdParams = z.object({ id: z.uuid() });
/** Invitation tokens are base64url; anything else names no invitation (404). */
export const ZTokenParams = z.object({ token: z.string().regex(/^[\w-]{1,200}$/) });
