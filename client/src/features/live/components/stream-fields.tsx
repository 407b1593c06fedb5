import { LIVE_DESCRIPTION_MAX, LIVE_TITLE_MAX } from "@common/live-helpers";
import type { Ref } from "react";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { liveCatalog } from "../i18n";

export type TStreamFieldValues = { title: string; description: string; streamUrl: string };

/** Title, description and stream URL: the start form and Stream Settings share them. */
export function StreamFields({
  idPrefix,
  values,
  onChange,
  urlError,
  titleRef,
  urlRef,
}: {
  idPrefix: string;
  values: TStreamFieldValues;
  onChange: (change: Partial<TStreamFieldValues>) => void;
  urlError?: string;
  titleRef?: Ref<HTMLInputElement>;
  urlRef?: Ref<HTMLInputElement>;
}) {
  const t = useT(liveCatalog);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <FormField id={id("title")} label={t("fields.title")}>
        <Input
          ref={titleRef}
          id={id("title")}
          value={values.title}
          maxLength={LIVE_TITLE_MAX}
          onChange={(e) => onChange({ title: e.target.value })}
          placeholder={t("fields.titlePlaceholder")}
          autoComplete="off"
        />
      </FormField>
      <FormField id={id("description")} label={t("fields.description")}>
        <Textarea
          id={id("description")}
          value={values.description}
          maxLength={LIVE_DESCRIPTION_MAX}
          rows={3}
          onChange={(e) => onChange({ description: e.target.value })}
          placeholder={t("fields.descriptionPlaceholder")}
        />
      </FormField>
      <FormField id={id("url")} label={t("fields.url")} hint={t("fields.urlHint")} error={urlError}>
        <Input
          ref={urlRef}
          {...fieldAria(id("url"), urlError, true)}
          type="url"
          inputMode="url"
          value={values.streamUrl}
          onChange={(e) => onChange({ streamUrl: e.target.value })}
          placeholder="https://www.youtube.com/live/..."
          autoComplete="off"
        />
      </FormField>
    </>
  );
}
