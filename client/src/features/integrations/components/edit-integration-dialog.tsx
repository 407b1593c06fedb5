import {
  type TIntegration,
  type TIntegrationWithSecret,
  type TUpdateIntegrationBody,
  ZIntegrationConfigs,
  ZUpdateIntegrationBody,
} from "@common/integrations";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useUpdateIntegration } from "../api";
import { PLATFORM_LABELS } from "../labels";
import {
  ApiKeyField,
  fromConfig,
  PlatformConfigFields,
  type TConfigErrors,
  type TConfigValues,
  toConfig,
  WebhookUrlField,
} from "./integration-fields";

type TErrors = { apiKey?: string; webhookUrl?: string; form?: string } & TConfigErrors;

const sameConfig = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Update key, webhook URL and the platform's settings: only what changed is sent (PATCH). A webhook
 * URL given for the first time, or "new signing secret", brings a secret that is shown once.
 */
export function EditIntegrationDialog({
  integration,
  onClose,
  onSecret,
}: {
  integration: TIntegration | null;
  onClose: () => void;
  onSecret: (integration: TIntegrationWithSecret) => void;
}) {
  const update = useUpdateIntegration();
  const [apiKey, setApiKey] = useState("");
  const [webhookUrl, setWebhookUrl] = useState("");
  const [config, setConfig] = useState<TConfigValues>({ subdomain: "", audienceId: "" });
  const [isRotating, setIsRotating] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});

  useEffect(() => {
    if (!integration) return;
    setApiKey("");
    setWebhookUrl(integration.webhookUrl ?? "");
    setConfig(fromConfig(integration.config));
    setIsRotating(false);
    setErrors({});
  }, [integration]);

  if (!integration) return <Dialog open={false} />;
  const platform = integration.platform;
  const labels = PLATFORM_LABELS[platform];
  const needsKey = integration.syncStatus === "needs_key";

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body: TUpdateIntegrationBody = {};
    if (apiKey.trim()) body.apiKey = apiKey;
    if (webhookUrl.trim() !== (integration.webhookUrl ?? "")) body.webhookUrl = webhookUrl;
    const nextConfig = toConfig(platform, config);
    if (!sameConfig(nextConfig, toConfig(platform, fromConfig(integration.config)))) body.config = nextConfig;
    // A first webhook address gets a secret the admin can see; so does asking for a new one.
    if (isRotating || (!integration.webhookUrl && webhookUrl.trim())) body.rotateWebhookSecret = true;

    const found: TErrors = {};
    const parsed = ZUpdateIntegrationBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? "form") as keyof TErrors;
        found[key] ??= issue.message;
      }
    }
    if (body.config) {
      const checked = ZIntegrationConfigs[platform].safeParse(body.config);
      if (!checked.success)
        for (const issue of checked.error.issues) found[issue.path[0] as keyof TConfigErrors] ??= issue.message;
    }
    if (needsKey && !body.apiKey) found.apiKey = "Please re-enter the API key.";
    // "Nothing to change" only when no field says what is missing.
    if (Object.keys(found).length > 1) delete found.form;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    update.mutate(
      { id: integration.id, ...body },
      {
        onSuccess: (saved) => {
          toast({ title: "Integration Updated", description: `${labels.name} is saved.` });
          onClose();
          if ("webhookSecret" in saved) onSecret(saved);
        },
        onError: (error) =>
          toastApiError(error, {
            title: "Integration Failed",
            description: getServerMessage(error) ?? "Failed to update integration.",
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update {labels.name}</DialogTitle>
          <DialogDescription>
            {needsKey
              ? "The stored key can no longer be read. Enter the key again to carry on syncing."
              : "Change only what you need; an empty key field keeps the current key."}
          </DialogDescription>
        </DialogHeader>
        <form id="edit-integration-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <ApiKeyField
            id="edit-integration-apiKey"
            label={needsKey ? "API Key" : "New API Key"}
            hint={`${needsKey ? "" : `Current key ${integration.apiKey}. `}${labels.keyHint}`}
            placeholder={labels.keyPlaceholder}
            error={errors.apiKey}
            value={apiKey}
            onChange={setApiKey}
          />
          <PlatformConfigFields
            idPrefix="edit-integration"
            platform={platform}
            values={config}
            errors={errors}
            onChange={setConfig}
          />
          <WebhookUrlField
            id="edit-integration-webhookUrl"
            hint="Empty turns webhooks off."
            error={errors.webhookUrl}
            value={webhookUrl}
            onChange={setWebhookUrl}
          />
          {integration.webhookUrl && (
            <div className="flex items-start gap-3">
              <Switch id="edit-integration-rotate" checked={isRotating} onCheckedChange={setIsRotating} />
              <label htmlFor="edit-integration-rotate" className="text-sm">
                <span className="font-medium">Make a new signing secret</span>
                <span className="block text-xs text-muted-foreground">
                  The old secret stops working; the new one is shown once.
                </span>
              </label>
            </div>
          )}
          {errors.form && (
            <p role="alert" className="text-sm text-red-700">
              {errors.form}
            </p>
          )}
        </form>
        <DialogFormFooter
          formId="edit-integration-form"
          submitLabel="Save"
          pendingLabel="Saving..."
          pending={update.isPending}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
