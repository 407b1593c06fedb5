import { LOGO_MAX_BYTES, LOGO_TYPES } from "@common/brand";
import { ImageOff, Upload, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { translator, useT } from "@/lib/i18n";
import { readFileAsDataUrl } from "@/lib/read-file";
import { settingsCatalog } from "../i18n";

/** Spec 2 section 5: an image type only, at most 2MB; the toasts say why a file was refused. */
export function checkLogoFile(file: File): boolean {
  const t = translator(settingsCatalog);
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
    toast({ title: t("logo.invalidTitle"), description: t("logo.invalid"), variant: "destructive" });
    return false;
  }
  if (file.size > LOGO_MAX_BYTES) {
    toast({ title: t("logo.tooLargeTitle"), description: t("logo.tooLarge"), variant: "destructive" });
    return false;
  }
  return true;
}

/** Logo: a file (stored as a data URL) or a pasted image address, with preview and remove. */
export function LogoField({
  value,
  onChange,
  churchName,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  churchName: string;
  error?: string;
}) {
  const t = useT(settingsCatalog);
  const fileRef = useRef<HTMLInputElement>(null);
  const urlId = useId();
  const [broken, setBroken] = useState(false);
  const isDataUrl = value.startsWith("data:");

  const onFile = async (file: File | undefined) => {
    if (!file || !checkLogoFile(file)) return;
    try {
      setBroken(false);
      onChange(await readFileAsDataUrl(file));
    } catch {
      toast({ title: t("logo.invalidTitle"), description: t("logo.invalid"), variant: "destructive" });
    }
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium">{t("logo.legend")}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-dashed border-input bg-muted">
          {value && !broken ? (
            <img
              src={value}
              alt={t("logo.alt", { church: churchName || t("logo.church") })}
              className="size-full object-contain p-1"
              onError={() => setBroken(true)}
            />
          ) : (
            <ImageOff className="size-7 text-stone-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileRef}
            type="file"
            accept={LOGO_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label={t("logo.file")}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          <Button variant="outline" onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden="true" />
            {t("logo.upload")}
          </Button>
          {value && (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setBroken(false);
                onChange("");
              }}
            >
              <X aria-hidden="true" />
              {t("logo.remove")}
            </Button>
          )}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t("logo.hint")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor={urlId}>{t("logo.url")}</Label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder="https://example.org/logo.png"
          value={isDataUrl || value.startsWith("/api/") ? "" : value}
          onChange={(e) => {
            setBroken(false);
            onChange(e.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${urlId}-error` : undefined}
        />
        {isDataUrl && <p className="text-xs text-muted-foreground">{t("logo.usingFile")}</p>}
        {error && (
          <p id={`${urlId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
