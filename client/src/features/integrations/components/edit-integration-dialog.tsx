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
import { useT } from "@/lib/i18n";
import { translateZodIssue } from "@/lib/lazy-zod-resolver";
import { useUpdateIntegration } from "../api";
import { integrationsCatalog } from "../i18n";
import { keyPlaceholder, PLATFORM_LABELS } from "../labels";
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
  const t = useT(integrationsCatalog);
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

  const onSubmit = async (e: FormEvent) => {
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
        found[key] ??= await translateZodIssue(issue);
      }
    }
    if (body.config) {
      const checked = ZIntegrationConfigs[platform].safeParse(body.config);
      if (!checked.success)
        for (const issue of checked.error.issues)
          found[issue.path[0] as keyof TConfigErrors] ??= await translateZodIssue(issue);
    }
    if (needsKey && !body.apiKey) found.apiKey = t("edit.reenterKey");
    // "Nothing to change" only when no field says what is missing.
    if (Object.keys(found).length > 1) delete found.form;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    update.mutate(
      { id: integration.id, ...body },
      {
        onSuccess: (saved) => {
          toast({ title: t("toast.updatedTitle"), description: t("toast.saved", { name: labels.name }) });
          onClose();
          if ("webhookSecret" in saved) onSecret(saved);
        },
        onError: (error) =>
          toastApiError(error, {
            title: t("toast.failedTitle"),
            description: getServerMessage(error) ?? t("toast.updateFailed"),
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("edit.title", { name: labels.name })}</DialogTitle>
          <DialogDescription>{needsKey ? t("edit.needsKey") : t("edit.description")}</DialogDescription>
        </DialogHeader>
        <form id="edit-integration-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <ApiKeyField
            id="edit-integration-apiKey"
            label={needsKey ? t("edit.apiKey") : t("edit.newApiKey")}
            hint={
              needsKey ? t(labels.keyHint) : `${t("edit.currentKey", { key: integration.apiKey })} ${t(labels.keyHint)}`
            }
            placeholder={keyPlaceholder(labels, t)}
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
            hint={t("edit.webhookHint")}
            error={errors.webhookUrl}
            value={webhookUrl}
            onChange={setWebhookUrl}
          />
          {integration.webhookUrl && (
            <div className="flex items-start gap-3">
              <Switch id="edit-integration-rotate" checked={isRotating} onCheckedChange={setIsRotating} />
              <label htmlFor="edit-integration-rotate" className="text-sm">
                <span className="font-medium">{t("edit.rotate")}</span>
                <span className="block text-xs text-muted-foreground">{t("edit.rotateHint")}</span>
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
          submitLabel={t("edit.submit")}
          pendingLabel={t("edit.pending")}
          pending={update.isPending}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
