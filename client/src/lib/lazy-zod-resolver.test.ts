import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { activateLanguage } from "./i18n";
import { lazyZodResolver, translateZodIssue } from "./lazy-zod-resolver";

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

  it("says one issue of a form's own safeParse in the language on screen", async () => {
    const parsed = schema.safeParse({ title: " ", minutes: "x" }, { reportInput: true });
    const [title, minutes] = parsed.error?.issues ?? [];
    expect(await translateZodIssue(title)).toBe("Title is required");

    await activateLanguage("es");
    expect(await translateZodIssue(title)).toBe(esErrors["Title is required"]);
    expect(await translateZodIssue(minutes)).toMatch(/se esperaba número/);
    // A sentence of a form's own that no catalogue holds stays as written.
    expect(await translateZodIssue({ code: "custom", message: "Pick a colour" })).toBe("Pick a colour");
  });
});
