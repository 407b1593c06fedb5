import { FilterSelect } from "@/components/search-toolbar";

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
  return (
    <FilterSelect
      label="Filter by speaker"
      className="sm:w-56"
      value={value}
      onValueChange={onValueChange}
      options={[
        { value: ALL_SPEAKERS, label: "All Speakers" },
        ...speakers.map((name) => ({ value: name, label: name })),
      ]}
    />
  );
}
