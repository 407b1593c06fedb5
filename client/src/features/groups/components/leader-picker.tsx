import { useState } from "react";
import { Input } from "@/components/ui/input";
import { useFormat, useT } from "@/lib/i18n";
import { useChurchMembers } from "../api";
import { groupsCatalog } from "../i18n";
import { LEADERS_MAX, personName } from "../labels";

/**
 * The leaders of a group, picked from the church's members (the admin screens' member list): a box
 * to find someone, then a checkbox per member, the chosen ones first. A fieldset, so its legend names
 * every checkbox's group; at most LEADERS_MAX may be chosen.
 */
export function LeaderPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const t = useT(groupsCatalog);
  const format = useFormat();
  const members = useChurchMembers(true);
  const [query, setQuery] = useState("");
  const chosen = new Set(value);
  const needle = query.trim().toLocaleLowerCase();
  const list = (members.data ?? [])
    .map((m) => ({ id: m.id, name: personName(m, m.email), email: m.email }))
    .filter((m) => chosen.has(m.id) || !needle || `${m.name} ${m.email}`.toLocaleLowerCase().includes(needle))
    .sort((a, b) => Number(chosen.has(b.id)) - Number(chosen.has(a.id)) || a.name.localeCompare(b.name));
  const isAtMax = value.length >= LEADERS_MAX;
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));

  return (
    <fieldset className="grid gap-2 sm:col-span-2" aria-describedby="group-leaders-hint">
      <legend className="mb-1.5 text-sm font-medium text-foreground">{t("form.leaders")}</legend>
      <p id="group-leaders-hint" className="text-xs text-muted-foreground">
        {t("form.leadersHint", { max: format.number(LEADERS_MAX) })}
      </p>
      <Input
        type="search"
        aria-label={t("form.leadersSearch")}
        placeholder={t("form.leadersSearch")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        // Enter in this box finds, it does not send the form.
        onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
      />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {t("form.leadersChosen", { count: value.length })}
      </p>
      {members.isLoading ? (
        <p className="text-sm text-muted-foreground">{t("form.leadersLoading")}</p>
      ) : members.isError ? (
        <p className="text-sm text-red-700" role="alert">
          {t("form.leadersError")}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("form.noMembers")}</p>
      ) : (
        <ul className="max-h-48 divide-y divide-border overflow-y-auto rounded-lg border border-border">
          {list.map((m) => {
            const id = `group-leader-${m.id}`;
            const isOn = chosen.has(m.id);
            return (
              <li key={m.id}>
                <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4 accent-[var(--brand-primary)]"
                    checked={isOn}
                    disabled={!isOn && isAtMax}
                    onChange={(e) => toggle(m.id, e.target.checked)}
                  />
                  <span className="min-w-0 flex-1 truncate">{m.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {isAtMax && (
        <p className="text-xs text-muted-foreground">{t("form.leadersMax", { max: format.number(LEADERS_MAX) })}</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
