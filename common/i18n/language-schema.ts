import { z } from "zod";
import { LANGUAGES } from "./locales";

/**
 * A shipped language's code, as the API takes it (`PATCH /api/user/preferences`, Church Settings):
 * apart from locales.ts, so the landing page (which needs the languages, not zod) stays light.
 */
export const ZLanguage = z.enum(LANGUAGES, { error: "Choose one of the languages Fellowship offers" });
