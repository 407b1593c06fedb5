import { z } from "zod";

/** Every error body: `{message}` plus field details for 400 (DESIGN.md "Errors"). */
export const ZErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Path parameter `{id}`: any string; a value that names no row of the church answers 404. */
export const ZIdParams = z.object({ id: z.string().min(1).max(100) });
