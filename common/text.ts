import { z } from "zod";

/** An optional text field: trimmed, at most `max` characters, and null when left empty. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
