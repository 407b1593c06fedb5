import { FileUp } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useState } from "react";
import { Textarea } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFormat, useT } from "@/lib/i18n";
import { memberImportCatalog } from "../i18n";

export type TImportSource = { csv: string; label: string };

// An example, not prose: the column names and roles are the words the importer reads
// (server/src/features/invitations/member-import.csv.ts), so they stay as they are in every language.
const PASTE_PLACEHOLDER =
  "Email,First Name,Last Name,Role\nann@example.org,Ann,Lee,Church Member\nbob@example.org,Bob,Okafor,Group Leader";

/**
 * The people to import: a CSV file (read here as text: the server parses it) or rows pasted from a
 * spreadsheet. Reports the text each time it changes; an empty text is `null`.
 */
export function ImportSource({
  onChange,
  disabled,
}: {
  onChange: (source: TImportSource | null) => void;
  disabled?: boolean;
}) {
  const t = useT(memberImportCatalog);
  const format = useFormat();
  const id = useId();
  const [tab, setTab] = useState("file");
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [pasted, setPasted] = useState("");
  const [readError, setReadError] = useState<string | null>(null);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => readPicked(e.target.files?.[0]);

  // A file dropped on the box counts as chosen.
  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    if (!disabled) readPicked(e.dataTransfer.files[0]);
  };

  const readPicked = async (picked: File | undefined) => {
    setReadError(null);
    if (!picked) {
      setFile(null);
      onChange(null);
      return;
    }
    try {
      const text = await picked.text();
      setFile({ name: picked.name, size: picked.size });
      onChange(text.trim() ? { csv: text, label: picked.name } : null);
      if (!text.trim()) setReadError(t("source.empty"));
    } catch {
      setFile(null);
      onChange(null);
      setReadError(t("source.unreadable"));
    }
  };

  const onTab = (next: string) => {
    setTab(next);
    if (next === "paste") onChange(pasted.trim() ? { csv: pasted, label: t("source.pasted") } : null);
    else onChange(null);
    setFile(null);
  };

  return (
    <Tabs value={tab} onValueChange={onTab}>
      <TabsList className="mb-4 sm:max-w-sm">
        <TabsTrigger value="file" disabled={disabled}>
          {t("source.fileTab")}
        </TabsTrigger>
        <TabsTrigger value="paste" disabled={disabled}>
          {t("source.pasteTab")}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="file">
        <label
          htmlFor={`${id}-file`}
          onDragOver={(e) => e.preventDefault()}
          onDrop={onDrop}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border bg-muted/40 px-4 py-8 text-center transition-colors hover:bg-muted focus-within:border-brand-text"
        >
          <FileUp className="size-6 text-brand-text" aria-hidden="true" />
          <span className="font-medium">{file ? file.name : t("source.choose")}</span>
          <span className="text-xs text-muted-foreground">
            {file ? t("source.size", { size: format.number(Math.ceil(file.size / 1024)) }) : t("source.fileHint")}
          </span>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            className="sr-only"
            disabled={disabled}
            onChange={onFile}
          />
        </label>
        {readError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {readError}
          </p>
        )}
      </TabsContent>
      <TabsContent value="paste">
        <label htmlFor={`${id}-paste`} className="mb-1.5 block text-sm font-medium">
          {t("source.pasteLabel")}
        </label>
        <Textarea
          id={`${id}-paste`}
          rows={7}
          spellCheck={false}
          className="font-mono text-sm"
          placeholder={PASTE_PLACEHOLDER}
          aria-describedby={`${id}-paste-hint`}
          disabled={disabled}
          value={pasted}
          onChange={(e) => {
            setPasted(e.target.value);
            onChange(e.target.value.trim() ? { csv: e.target.value, label: t("source.pasted") } : null);
          }}
        />
        <p id={`${id}-paste-hint`} className="mt-1.5 text-xs text-muted-foreground">
          {t("source.pasteHint")}
        </p>
      </TabsContent>
    </Tabs>
  );
}
