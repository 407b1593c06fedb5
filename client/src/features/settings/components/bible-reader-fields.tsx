import { DEFAULT_BIBLE_READER, readerUrl } from "@common/bible-plan";
import type { TChurchSettingsBody, ZChurchSettingsBody } from "@common/churches";
import { ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { RadioCards, type TRadioCardOption } from "@/components/ui/radio-cards";
import { Rich, useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";

type TReader = "biblegateway" | "youversion" | "esv" | "custom";
/** A reader's own name is a proper name (`name`); a custom link has none. */
type TPreset = { value: TReader; name?: string; pattern?: string; translation?: string };

/** The readers offered by name; "custom" takes any link with {passage} (the contract checks it). */
export const BIBLE_READER_PRESETS: TPreset[] = [
  { value: "biblegateway", name: "Bible Gateway", pattern: DEFAULT_BIBLE_READER.pattern },
  { value: "youversion", name: "YouVersion", pattern: "https://www.bible.com/search/bible?q={passage}" },
  { value: "esv", name: "ESV.org", pattern: "https://www.esv.org/{passage}/", translation: "ESV" },
  { value: "custom" },
];

const COMMON_TRANSLATIONS = ["NIV", "ESV", "KJV", "NKJV", "NLT", "CSB", "NASB", "NRSVUE", "MSG"];
const PREVIEW_PASSAGE = "John 3";

const presetOf = (pattern: string): TReader =>
  BIBLE_READER_PRESETS.find((p) => p.pattern === pattern)?.value ?? "custom";

/** Enough of the contract's check to draw a preview; saving runs the whole of it. */
const isPreviewable = (pattern: string) => /^https?:\/\/[^/?#{}\s]+/i.test(pattern) && pattern.includes("{passage}");

/**
 * The reading plan's reader: a named reader or a custom link, the translation code, and a live
 * preview link built exactly as the server builds the members' links (empty fields mean the default).
 */
export function BibleReaderFields({
  form,
  savedPattern,
}: {
  form: UseFormReturn<TChurchSettingsBody, unknown, z.output<typeof ZChurchSettingsBody>>;
  savedPattern: string;
}) {
  const t = useT(settingsCatalog);
  const options: TRadioCardOption<TReader>[] = BIBLE_READER_PRESETS.map((p) =>
    p.value === "custom"
      ? { value: p.value, label: t("bible.custom"), description: t("bible.customDescription") }
      : { value: p.value, label: p.name ?? p.value, description: t(`bible.${p.value}`) },
  );
  const [reader, setReader] = useState<TReader>(() => presetOf(savedPattern));
  useEffect(() => setReader(presetOf(savedPattern)), [savedPattern]);
  const [pattern, translation] = useWatch({ control: form.control, name: ["bibleReaderPattern", "bibleTranslation"] });
  const { errors } = form.formState;
  const patternError = errors.bibleReaderPattern?.message;
  const translationError = errors.bibleTranslation?.message;

  const effectivePattern = pattern?.trim() || DEFAULT_BIBLE_READER.pattern;
  const effectiveTranslation = translation?.trim() || DEFAULT_BIBLE_READER.translation;
  const usesTranslation = effectivePattern.includes("{translation}");
  const previewUrl = isPreviewable(effectivePattern)
    ? readerUrl(PREVIEW_PASSAGE, effectivePattern, effectiveTranslation)
    : null;
  const readerName =
    reader === "custom"
      ? t("bible.thisLink")
      : (BIBLE_READER_PRESETS.find((p) => p.value === reader)?.name ?? t("bible.thisReader"));

  const choose = (value: TReader) => {
    setReader(value);
    const preset = BIBLE_READER_PRESETS.find((p) => p.value === value);
    if (preset?.pattern) form.setValue("bibleReaderPattern", preset.pattern, { shouldDirty: true });
    if (preset?.translation) form.setValue("bibleTranslation", preset.translation, { shouldDirty: true });
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <span id="settings-bible-reader-label" className="text-sm font-medium">
          {t("bible.reader")}
        </span>
        <RadioCards
          aria-labelledby="settings-bible-reader-label"
          value={reader}
          onValueChange={choose}
          options={options}
        />
      </div>
      {reader === "custom" && (
        <FormField
          id="settings-bible-pattern"
          label={t("bible.link")}
          hint={
            <Rich
              catalog={settingsCatalog}
              k="bible.linkHint"
              values={{ passageCode: "{passage}", translationCode: "{translation}" }}
              components={{ 0: <code />, 1: <code /> }}
            />
          }
          error={patternError}
        >
          <Input
            {...fieldAria("settings-bible-pattern", patternError, true)}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://example.org/read?q={passage}&v={translation}"
            {...form.register("bibleReaderPattern")}
          />
        </FormField>
      )}
      <FormField
        id="settings-bible-translation"
        label={t("bible.translation")}
        hint={usesTranslation ? t("bible.translationHint") : t("bible.noTranslation", { reader: readerName })}
        error={translationError}
      >
        <Input
          className="sm:max-w-56"
          {...fieldAria("settings-bible-translation", translationError, true)}
          list="settings-bible-translations"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder={DEFAULT_BIBLE_READER.translation}
          {...form.register("bibleTranslation")}
        />
        <datalist id="settings-bible-translations">
          {COMMON_TRANSLATIONS.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      </FormField>
      <div className="grid gap-1 rounded-lg border border-border bg-muted/50 p-3">
        {previewUrl ? (
          <>
            <a
              href={previewUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-text underline underline-offset-2"
            >
              {t("bible.preview", { passage: PREVIEW_PASSAGE })}
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only"> {t("bible.newTab")}</span>
            </a>
            <p className="break-all font-mono text-xs text-muted-foreground">{previewUrl}</p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Rich
              catalog={settingsCatalog}
              k="bible.previewLater"
              values={{ passageCode: "{passage}" }}
              components={{ 0: <code /> }}
            />
          </p>
        )}
      </div>
    </div>
  );
}
