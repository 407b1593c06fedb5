import {
  PLATFORM_REQUIRED,
  type TIntegrationPlatform,
  type TIntegrationWithSecret,
  ZCreateIntegrationBody,
  ZIntegrationConfigs,
} from "@common/integrations";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { translateZodIssue } from "@/lib/lazy-zod-resolver";
import { useCreateIntegration } from "../api";
import { integrationsCatalog } from "../i18n";
import { keyPlaceholder, PLATFORM_LABELS, PLATFORM_ORDER } from "../labels";
import {
  ApiKeyField,
  PlatformConfigFields,
  type TConfigErrors,
  type TConfigValues,
  toConfig,
  WebhookUrlField,
} from "./integration-fields";

type TErrors = { platform?: string; apiKey?: string; webhookUrl?: string } & TConfigErrors;
const EMPTY_CONFIG: TConfigValues = { subdomain: "", audienceId: "" };

type TIssue = { path: PropertyKey[]; message: string; code?: string };

/** The contract's issues by field: `config.subdomain` is the subdomain field. */
function toErrors(issues: TIssue[]): TErrors {
  const errors: TErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] === "config" ? issue.path[1] : issue.path[0]) as keyof TErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Spec 2 Integrations: the Add Integration dialog (platform, API key as a password field, optional
 * webhook URL, and the platform's own settings), checked with the server's contract before sending.
 */
export function AddIntegrationDialog({
  open,
  initialPlatform,
  connected,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  initialPlatform: TIntegrationPlatform | null;
  /** Platforms the church has already: one of each. */
  connected: TIntegrationPlatform[];
  onOpenChange: (open: boolean) => void;
  onCreated: (integration: TIntegrationWithSecret) => void;
}) {
  const t = useT(integrationsCatalog);
  const create = useCreateIntegration();
  const [platform, setPlatform] = useState<TIntegrationPlatform | "">("");
  const [apiKey, setApiKey] = useState("");
  const [webhookUrl, setWebhookUrl] = useState("");
  const [config, setConfig] = useState<TConfigValues>(EMPTY_CONFIG);
  const [errors, setErrors] = useState<TErrors>({});
  const platformRef = useRef<HTMLButtonElement>(null);

  // A closed dialog resets its form; opening it from a platform's card preselects that platform.
  useEffect(() => {
    if (!open) return;
    setPlatform(initialPlatform ?? "");
    setApiKey("");
    setWebhookUrl("");
    setConfig(EMPTY_CONFIG);
    setErrors({});
  }, [open, initialPlatform]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { platform: platform || undefined, apiKey, webhookUrl, config: toConfig(platform, config) };
    const parsed = ZCreateIntegrationBody.safeParse(body);
    if (!parsed.success) {
      // The contract checks the settings after the other fields: all the problems are shown at once.
      const settings = platform ? ZIntegrationConfigs[platform].safeParse(body.config) : null;
      const configIssues = settings?.success === false ? settings.error.issues : [];
      const issues: TIssue[] = [
        ...parsed.error.issues,
        ...configIssues.map((i) => ({ ...i, path: ["config", ...i.path] })),
      ];
      const isPlatformMissing = toErrors(issues).platform === PLATFORM_REQUIRED;
      // The contract speaks English: each message in the admin's language (the errors catalogue, zod's locale).
      const found = toErrors(
        await Promise.all(issues.map(async (i) => ({ path: i.path, message: await translateZodIssue(i) }))),
      );
      setErrors(found);
      if (isPlatformMissing) {
        toast({ title: t("toast.platformRequiredTitle"), description: found.platform, variant: "destructive" });
        platformRef.current?.focus();
      } else {
        const first = (["apiKey", "subdomain", "audienceId", "webhookUrl"] as const).find((k) => found[k]);
        if (first) document.getElementById(`add-integration-${first === "audienceId" ? "audience" : first}`)?.focus();
      }
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        const name = PLATFORM_LABELS[created.platform].name;
        toast({
          title: t("toast.createdTitle"),
          description:
            created.syncStatus === "syncing" ? t("toast.createdSyncing", { name }) : t("toast.createdIdle", { name }),
        });
        onOpenChange(false);
        onCreated(created);
      },
      onError: (error) =>
        toastApiError(error, {
          title: t("toast.failedTitle"),
          description: getServerMessage(error) ?? t("toast.createFailed"),
        }),
    });
  };

  const labels = platform ? PLATFORM_LABELS[platform] : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("add.title")}</DialogTitle>
          <DialogDescription>{t("add.description")}</DialogDescription>
        </DialogHeader>
        <form id="add-integration-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="add-integration-platform" label={t("add.platform")} error={errors.platform}>
            <Select value={platform} onValueChange={(v) => setPlatform(v as TIntegrationPlatform)}>
              <SelectTrigger ref={platformRef} {...fieldAria("add-integration-platform", errors.platform)}>
                <SelectValue placeholder={t("add.selectPlatform")} />
              </SelectTrigger>
              <SelectContent>
                {PLATFORM_ORDER.map((p) => (
                  <SelectItem key={p} value={p} disabled={connected.includes(p)}>
                    {connected.includes(p)
                      ? t("add.connectedOption", { name: PLATFORM_LABELS[p].name })
                      : PLATFORM_LABELS[p].name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          {labels && <p className="-mt-3 text-xs text-muted-foreground">{t(labels.summary)}</p>}
          <ApiKeyField
            id="add-integration-apiKey"
            label={t("add.apiKey")}
            hint={labels ? t(labels.keyHint) : undefined}
            placeholder={labels ? keyPlaceholder(labels, t) : undefined}
            error={errors.apiKey}
            value={apiKey}
            onChange={setApiKey}
          />
          <PlatformConfigFields
            idPrefix="add-integration"
            platform={platform}
            values={config}
            errors={errors}
            onChange={setConfig}
          />
          <WebhookUrlField
            id="add-integration-webhookUrl"
            hint={t("add.webhookHint")}
            error={errors.webhookUrl}
            value={webhookUrl}
            onChange={setWebhookUrl}
          />
        </form>
        <DialogFormFooter
          formId="add-integration-form"
          submitLabel={t("add.submit")}
          pendingLabel={t("add.pending")}
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
