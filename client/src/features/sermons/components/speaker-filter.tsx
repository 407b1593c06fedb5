import { FilterSelect } from "@/components/search-toolbar";
import { useT } from "@/lib/i18n";
import { sermonsCatalog } from "../i18n";

/** The select's value for "All Speakers"; a real speaker's name can't collide with it. */
export const ALL_SPEAKERS = "__all__";

/** Narrows a sermon list to one speaker, shared by the archive and Manage Sermons. */
export function SpeakerFilter({
  speakers,
  value,
  onValueChange,
}: {
  speakers: string[];
  value: string;
  onValueChange: (value: string) => void;
}) {
  const t = useT(sermonsCatalog);
  return (
    <FilterSelect
      label={t("speakerFilter.label")}
      className="sm:w-56"
      value={value}
      onValueChange={onValueChange}
      options={[
        { value: ALL_SPEAKERS, label: t("speakerFilter.all") },
        ...speakers.map((name) => ({ value: name, label: name })),
      ]}
    />
  );
}
