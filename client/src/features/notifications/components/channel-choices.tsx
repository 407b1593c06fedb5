import type { TChannels, TChannelsBody } from "@common/notification-channels";
import { CHANNEL_KINDS, EMAIL_MODES, type TChannelKind, type TEmailMode } from "@common/notification-channels-helpers";
import { ChevronDown } from "lucide-react";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import { notificationsCatalog } from "../i18n";

const SELECT_CLASSES =
  "h-10 w-full appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50";

/** Desktop: four columns (the kind, in the app, push, e-mail); a phone: each kind a card of its own. */
const ROW_GRID = "md:grid md:grid-cols-[minmax(0,1fr)_7rem_5rem_15rem] md:items-center md:gap-4";

/**
 * One row per kind (issue 29): in the app always (said, not a choice), push (a switch) and e-mail
 * (never / only if not seen / always). Each change is sent alone.
 */
export function ChannelChoices({
  channels,
  onChange,
}: {
  channels: TChannels;
  onChange: (body: TChannelsBody) => void;
}) {
  const t = useT(notificationsCatalog);
  const change = (kind: TChannelKind, choice: { push?: boolean; email?: TEmailMode }) => onChange({ [kind]: choice });
  return (
    <div>
      <div
        aria-hidden="true"
        className={`hidden border-b border-border pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase ${ROW_GRID}`}
      >
        <span>{t("channels.kind")}</span>
        <span>{t("channels.inApp")}</span>
        <span>{t("channels.push")}</span>
        <span>{t("channels.email")}</span>
      </div>
      <ul className="grid gap-3 md:gap-0 md:divide-y md:divide-border">
        {CHANNEL_KINDS.map((kind) => {
          const kindName = t(`channel.${kind}`);
          const choice = channels[kind];
          return (
            <li
              key={kind}
              className={`grid gap-3 rounded-xl border border-border p-4 md:rounded-none md:border-0 md:px-0 md:py-3 ${ROW_GRID}`}
            >
              <div className="grid min-w-0 gap-0.5">
                <h3 id={`channel-${kind}`} className="text-sm font-semibold text-foreground">
                  {kindName}
                </h3>
                <p className="text-xs text-muted-foreground">{t(`channel.${kind}.hint`)}</p>
              </div>
              <div className="flex items-center justify-between gap-4 text-sm md:block">
                <span className="text-muted-foreground md:hidden" aria-hidden="true">
                  {t("channels.inApp")}
                </span>
                <span className="text-foreground">{t("channels.always")}</span>
              </div>
              <div className="flex items-center justify-between gap-4 md:block">
                <label htmlFor={`push-${kind}`} className="text-sm text-muted-foreground md:hidden">
                  {t("channels.push")}
                </label>
                <Switch
                  id={`push-${kind}`}
                  aria-label={t("channels.pushFor", { kind: kindName })}
                  checked={choice.push}
                  onCheckedChange={(push) => change(kind, { push })}
                />
              </div>
              <div className="flex items-center justify-between gap-4 md:block">
                <label htmlFor={`email-${kind}`} className="shrink-0 text-sm text-muted-foreground md:hidden">
                  {t("channels.email")}
                </label>
                <div className="relative w-full max-w-56 md:max-w-none">
                  <select
                    id={`email-${kind}`}
                    aria-label={t("channels.emailFor", { kind: kindName })}
                    value={choice.email}
                    onChange={(e) => change(kind, { email: e.target.value as TEmailMode })}
                    className={SELECT_CLASSES}
                  >
                    {EMAIL_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {t(`email.${mode}`)}
                      </option>
                    ))}
                  </select>
                  <ChevronDown
                    className="pointer-events-none absolute top-3 end-3 size-4 text-muted-foreground"
                    aria-hidden="true"
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
