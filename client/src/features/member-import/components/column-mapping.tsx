import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { TMapping } from "../api";

const NONE = "__none__";
const FIELDS: Array<{ key: keyof TMapping; label: string }> = [
  { key: "email", label: "Email (required)" },
  { key: "firstName", label: "First name" },
  { key: "lastName", label: "Last name" },
  { key: "role", label: "Role" },
];

/**
 * Which of the file's columns holds each field; e-mail must be one of them, the others may be none.
 * A column without a name cannot be chosen (a select's option needs a value).
 */
export function ColumnMapping({
  headers,
  mapping,
  disabled,
  onChange,
}: {
  headers: string[];
  mapping: TMapping;
  disabled?: boolean;
  onChange: (mapping: TMapping) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FIELDS.map(({ key, label }) => {
        const id = `import-map-${key}`;
        const value = mapping[key] ?? NONE;
        return (
          <FormField key={key} id={id} label={label}>
            <Select
              value={value}
              disabled={disabled}
              onValueChange={(v) => onChange({ ...mapping, [key]: v === NONE ? null : v })}
            >
              <SelectTrigger id={id}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {key !== "email" && <SelectItem value={NONE}>Not in the file</SelectItem>}
                {[...new Set(headers)].filter(Boolean).map((h) => (
                  <SelectItem key={h} value={h}>
                    {h}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        );
      })}
    </div>
  );
}
