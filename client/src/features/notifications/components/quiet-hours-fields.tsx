import type { TChannels, TChannelsBody } from "@common/notification-channels";
import { CLOCK_TIME_PATTERN } from "@common/notification-channels-helpers";
import { useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import { notificationsCatalog } from "../i18n";

/**
 * Quiet hours (from, to; the church's time zone): an e-mail of something unseen waits until they
 * end. Sent when a time is complete and left (both times together, as the contract has them).
 */
export function QuietHoursFields({
  quietHours,
  timeZone,
  onChange,
}: {
  quietHours: TChannels["quietHours"];
  timeZone: string;
  onChange: (body: TChannelsBody) => void;
}) {
  const t = useT(notificationsCatalog);
  const [draft, setDraft] = useState(quietHours);
  // What was last sent or saved: leaving the other field before the answer sends nothing twice.
  const sent = useRef(quietHours);
  useEffect(() => {
    sent.current = quietHours;
    setDraft(quietHours);
  }, [quietHours]);
  const isValid = CLOCK_TIME_PATTERN.test(draft.from) && CLOCK_TIME_PATTERN.test(draft.to);
  const save = () => {
    if (!isValid || (draft.from === sent.current.from && draft.to === sent.current.to)) return;
    sent.current = draft;
    onChange({ quietHours: draft });
  };
  const field = (which: "from" | "to") => (
    <div className="grid gap-1.5">
      <label htmlFor={`quiet-${which}`} className="text-sm font-medium text-foreground">
        {t(which === "from" ? "quiet.from" : "quiet.to")}
      </label>
      <Input
        id={`quiet-${which}`}
        type="time"
        required
        value={draft[which]}
        aria-describedby="quiet-hint"
        onChange={(e) => setDraft((d) => ({ ...d, [which]: e.target.value }))}
        onBlur={save}
        className="w-36"
      />
    </div>
  );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-4">
        {field("from")}
        {field("to")}
      </div>
      <p id="quiet-hint" className="text-xs text-muted-foreground">
        {isValid ? t("quiet.hint", { timeZone, to: draft.to }) : t("quiet.invalid")}
      </p>
    </div>
  );
}

/** The weekly e-mail digest, on or off. */
export function DigestSwitch({ digest, onChange }: { digest: boolean; onChange: (body: TChannelsBody) => void }) {
  const t = useT(notificationsCatalog);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor="channel-digest" className="text-sm font-medium text-foreground">
          {t("digest.label")}
        </label>
        <p id="channel-digest-hint" className="text-xs text-muted-foreground">
          {t("digest.hint")}
        </p>
      </div>
      <Switch
        id="channel-digest"
        checked={digest}
        onCheckedChange={(value) => onChange({ digest: value })}
        aria-describedby="channel-digest-hint"
      />
    </div>
  );
}
