import type { TPrayerVisibility } from "@common/prayer";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { FormActions } from "@/components/form-actions";
import { SwitchRow } from "@/components/switch-row";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { RadioCards, type TRadioCardOption } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { type TTranslate, useT } from "@/lib/i18n";
import { useCreatePrayerRequest } from "../api";
import { prayerCatalog } from "../i18n";

/** The limits of ZPrayerRequestBody (common/prayer.ts), kept here so the page does not download zod. */
const TITLE_MAX = 120;
const DETAILS_MAX = 2000;

const visibilityOptions = (t: TTranslate<typeof prayerCatalog.en>): TRadioCardOption<TPrayerVisibility>[] => [
  {
    value: "church",
    label: t("form.visibility.church"),
    description: t("form.visibility.churchDescription"),
  },
  {
    value: "leaders",
    label: t("form.visibility.leaders"),
    description: t("form.visibility.leadersDescription"),
  },
];

/**
 * Spec 1 §2.11 and §5: title, details, the anonymous flag and who sees it (issue 24). Both fields
 * must be non-empty after trimming ('Please fill in all fields', nothing sent); both are sent
 * trimmed. Opening it puts the focus in its title; Escape closes it (issue 24 item 11).
 */
export function PrayerRequestForm({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useT(prayerCatalog);
  const create = useCreatePrayerRequest();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [visibility, setVisibility] = useState<TPrayerVisibility>("church");
  const titleInput = useRef<HTMLInputElement>(null);
  useEffect(() => titleInput.current?.focus(), []);
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    e.preventDefault();
    onDone();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { title: title.trim(), description: description.trim(), isAnonymous, visibility };
    if (!body.title || !body.description) {
      toast({ title: t("form.toast.errorTitle"), description: t("form.toast.fillAll"), variant: "destructive" });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({
          title: t("form.toast.successTitle"),
          description:
            visibility === "leaders"
              ? t("form.toast.sharedLeaders")
              : isAnonymous
                ? t("form.toast.sharedAnonymously")
                : t("form.toast.shared"),
        });
        setTitle("");
        setDescription("");
        setIsAnonymous(false);
        setVisibility("church");
        onDone();
      },
      onError: (error) =>
        toastApiError(error, {
          // A field the server refused (too long) says which; anything else is the spec's words.
          description: (getStatus(error) === 400 ? getServerMessage(error) : null) ?? t("form.toast.failed"),
        }),
    });
  };

  return (
    <Card id={id} aria-labelledby={`${id}-title`} className="mb-6" onKeyDown={closeOnEscape}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t("form.title")}</CardTitle>
        <CardDescription>
          {visibility === "leaders" ? t("form.description.leaders") : t("form.description.church")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField id="prayer-title" label={t("form.titleLabel")}>
            <Input
              ref={titleInput}
              id="prayer-title"
              value={title}
              maxLength={TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={t("form.titlePlaceholder")}
              autoComplete="off"
            />
          </FormField>
          <FormField id="prayer-details" label={t("form.detailsLabel")}>
            <Textarea
              id="prayer-details"
              value={description}
              maxLength={DETAILS_MAX}
              rows={4}
              onChange={(e) => setDescription(e.target.value)}
              placeholder={t("form.detailsPlaceholder")}
            />
          </FormField>
          <div className="grid gap-2">
            <span id="prayer-visibility-label" className="text-sm font-medium text-foreground">
              {t("form.visibility")}
            </span>
            <RadioCards
              name="visibility"
              aria-labelledby="prayer-visibility-label"
              value={visibility}
              onValueChange={setVisibility}
              options={visibilityOptions(t)}
            />
          </div>
          <SwitchRow
            id="prayer-anonymous"
            label={t("form.anonymous")}
            hint={t("form.anonymousHint")}
            hintIcon={ShieldCheck}
            checked={isAnonymous}
            onCheckedChange={setIsAnonymous}
          />
          <FormActions
            submitLabel={t("form.submit")}
            pendingLabel={t("form.submitting")}
            pending={create.isPending}
            onCancel={onDone}
          />
        </form>
      </CardContent>
    </Card>
  );
}
