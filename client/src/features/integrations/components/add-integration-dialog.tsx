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
import { useCreateIntegration } from "../api";
import { PLATFORM_LABELS, PLATFORM_ORDER } from "../labels";
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

/** The contract's issues by field: `config.subdomain` is the subdomain field. */
function toErrors(issues: { path: PropertyKey[]; message: string }[]): TErrors {
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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = { platform: platform || undefined, apiKey, webhookUrl, config: toConfig(platform, config) };
    const parsed = ZCreateIntegrationBody.safeParse(body);
    if (!parsed.success) {
      // The contract checks the settings after the other fields: all the problems are shown at once.
      const settings = platform ? ZIntegrationConfigs[platform].safeParse(body.config) : null;
      const configIssues = settings?.success === false ? settings.error.issues : [];
      const found = toErrors([
        ...parsed.error.issues,
        ...configIssues.map((i) => ({ path: ["config", ...i.path], message: i.message })),
      ]);
      setErrors(found);
      if (found.platform === PLATFORM_REQUIRED) {
        toast({ title: "Platform Required", description: PLATFORM_REQUIRED, variant: "destructive" });
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
          title: "Integration Created",
          description:
            created.syncStatus === "syncing"
              ? `${name} is connected. Its first sync has started.`
              : `${name} is connected. Press Sync now to bring its data in.`,
        });
        onOpenChange(false);
        onCreated(created);
      },
      onError: (error) =>
        toastApiError(error, {
          title: "Integration Failed",
          description: getServerMessage(error) ?? "Failed to create integration.",
        }),
    });
  };

  const labels = platform ? PLATFORM_LABELS[platform] : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Integration</DialogTitle>
          <DialogDescription>
            We check the key with the provider before saving it. Keys are stored encrypted and never shown again in
            full.
          </DialogDescription>
        </DialogHeader>
        <form id="add-integration-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="add-integration-platform" label="Platform" error={errors.platform}>
            <Select value={platform} onValueChange={(v) => setPlatform(v as TIntegrationPlatform)}>
              <SelectTrigger ref={platformRef} {...fieldAria("add-integration-platform", errors.platform)}>
                <SelectValue placeholder="Select a platform" />
              </SelectTrigger>
              <SelectContent>
                {PLATFORM_ORDER.map((p) => (
                  <SelectItem key={p} value={p} disabled={connected.includes(p)}>
                    {PLATFORM_LABELS[p].name}
                    {connected.includes(p) ? " (connected)" : ""}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          {labels && <p className="-mt-3 text-xs text-muted-foreground">{labels.summary}</p>}
          <ApiKeyField
            id="add-integration-apiKey"
            label="API Key"
            hint={labels?.keyHint}
            placeholder={labels?.keyPlaceholder}
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
            hint="An https address that is told when members join or leave."
            error={errors.webhookUrl}
            value={webhookUrl}
            onChange={setWebhookUrl}
          />
        </form>
        <DialogFormFooter
          formId="add-integration-form"
          submitLabel="Connect"
          pendingLabel="Connecting..."
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
