import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { activateLanguage } from "./i18n";
import { lazyZodResolver } from "./lazy-zod-resolver";

const schema = z.object({
  title: z.string().trim().min(1, "Title is required"),
  minutes: z.number(),
});

// The file as written (an import would hand over the compiled catalogue).
const esErrors = JSON.parse(fs.readFileSync("common/locales/es/errors.json", "utf8")) as Record<string, string>;

const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe("a form's messages in the language on screen (issue 26)", () => {
  afterEach(() => activateLanguage("en"));

  it("keeps the contract's English in English, and says it in Spanish from the errors catalogue, zod's own rules in zod's Spanish", async () => {
    const { resolver } = lazyZodResolver(async () => schema);
    const english = await resolver({ title: " ", minutes: "x" } as never, undefined, options);
    expect(english.errors.title?.message).toBe("Title is required");
    expect(english.errors.minutes?.message).toMatch(/expected number/);

    await activateLanguage("es");
    const spanish = await resolver({ title: " ", minutes: "x" } as never, undefined, options);
    expect(esErrors["Title is required"]).toBeTruthy();
    expect(spanish.errors.title?.message).toBe(esErrors["Title is required"]);
    expect(spanish.errors.title?.message).not.toBe("Title is required");
    expect(spanish.errors.minutes?.message).toMatch(/se esperaba número/);
  });
});
