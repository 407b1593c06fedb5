import type { FieldValues, Path, UseFormGetValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts a 400 answer's `errors[{path, message}]` on the form's fields. Returns true when at least one
 * field took a message (the caller then skips its toast).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: { getValues: UseFormGetValues<T>; setError: UseFormSetError<T> },
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let errors: unknown;
  try {
    errors = (JSON.parse(error.body) as { errors?: unknown }).errors;
  } catch {
    return false;
  }
  if (!Array.isArray(errors)) return false;
  const fields = Object.keys(form.getValues());
  let applied = false;
  for (const e of errors as Array<{ path?: unknown; message?: unknown }>) {
    const field = (Array.isArray(e.path) ? e.path[0] : String(e.path ?? "").split(".")[0]) as string;
    if (typeof e.message !== "string" || !fields.includes(field)) continue;
    form.setError(field as Path<T>, { type: "server", message: e.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
