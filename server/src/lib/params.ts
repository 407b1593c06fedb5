import { z } from "zod";

/** `{id}` path parameters are UUIDs; anything else names no row, and the error handler answers 404. */
export const ZIdParams = z.object({ id: z.uuid() });
export const ZTokenParams = z.object({ token: z.string().min(1).max(200) });
