import { FileUp } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useState } from "react";
import { Textarea } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatNumber } from "@/lib/utils";

export type TImportSource = { csv: string; label: string };

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
      if (!text.trim()) setReadError("This file is empty.");
    } catch {
      setFile(null);
      onChange(null);
      setReadError("The file could not be read. Save it as CSV and try again.");
    }
  };

  const onTab = (next: string) => {
    setTab(next);
    if (next === "paste") onChange(pasted.trim() ? { csv: pasted, label: "Pasted rows" } : null);
    else onChange(null);
    setFile(null);
  };

  return (
    <Tabs value={tab} onValueChange={onTab}>
      <TabsList className="mb-4 sm:max-w-sm">
        <TabsTrigger value="file" disabled={disabled}>
          Upload a file
        </TabsTrigger>
        <TabsTrigger value="paste" disabled={disabled}>
          Paste rows
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
          <span className="font-medium">{file ? file.name : "Choose a CSV file"}</span>
          <span className="text-xs text-muted-foreground">
            {file
              ? `${formatNumber(Math.ceil(file.size / 1024))} KB`
              : "Exported from a spreadsheet, Planning Center or your church database. Commas, semicolons or tabs."}
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
          Rows to import
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
            onChange(e.target.value.trim() ? { csv: e.target.value, label: "Pasted rows" } : null);
          }}
        />
        <p id={`${id}-paste-hint`} className="mt-1.5 text-xs text-muted-foreground">
          Copy the cells from your spreadsheet, header row included, or paste one email address per line.
        </p>
      </TabsContent>
    </Tabs>
  );
}
