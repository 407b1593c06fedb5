import type { TIntegration, TIntegrationPlatform } from "@common/integrations";
import type { TBadgeTone } from "@/components/ui/badge";

/*
 * Types only from @common/integrations: its values would bring zod into the page's download. The
 * maps are keyed by the contract's enumerations, so the compiler says when a platform is added.
 */

export type TPlatformLabels = {
  name: string;
  /** The features its card and its row list (as INTEGRATION_PLATFORM_INFO on the server). */
  features: string[];
  /** What a sync does, in a church leader's words. */
  summary: string;
  /** What to paste into the API key field, and where to find it. */
  keyHint: string;
  keyPlaceholder: string;
};

export const PLATFORM_LABELS: Record<TIntegrationPlatform, TPlatformLabels> = {
  planning_center: {
    name: "Planning Center",
    features: ["People import", "Name updates"],
    summary: "People with an email become invitations for you to review; name changes flow into your members.",
    keyHint:
      "A personal access token from api.planningcenteronline.com (Personal Access Tokens): its application id and secret, written as applicationId:secret.",
    keyPlaceholder: "applicationId:secret",
  },
  church_community_builder: {
    name: "Church Community Builder",
    features: ["People import", "Name updates"],
    summary: "Individual profiles with an email become invitations for you to review (Pushpay ChMS).",
    keyHint: "The API user's name and password (CCB Settings, API), written as user:password.",
    keyPlaceholder: "user:password",
  },
  mailchimp: {
    name: "Mailchimp",
    features: ["Audience sync"],
    summary: "Your members are added to a Mailchimp audience; people who unsubscribed stay unsubscribed.",
    keyHint: "Account, Extras, API keys. The key ends with its data center, like -us21.",
    keyPlaceholder: "0123456789abcdef0123456789abcdef-us21",
  },
};

export const PLATFORM_ORDER: TIntegrationPlatform[] = ["planning_center", "church_community_builder", "mailchimp"];

/** Spec 2 §4: active, error, syncing, and any other shown as outline; needs_key asks for the key again. */
export const SYNC_STATUS_BADGES: Record<string, { label: string; tone: TBadgeTone }> = {
  active: { label: "Ready", tone: "green" },
  syncing: { label: "Syncing", tone: "blue" },
  error: { label: "Sync failed", tone: "red" },
  needs_key: { label: "Re-enter key", tone: "amber" },
};

export function getSyncStatusBadge(status: TIntegration["syncStatus"] | string) {
  return SYNC_STATUS_BADGES[status] ?? { label: status, tone: "outline" as const };
}

/** Planning Center and CCB bring people in as invitations that wait for the admin's review. */
export const isPeopleSource = (platform: TIntegrationPlatform) => platform !== "mailchimp";
