import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/**
 * The icon buttons at the end of an admin list row: edit, then `children` (how to view the item,
 * which differs per list), then delete. The accessible names carry the item's name because every
 * row has the same icons.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const t = useT(commonCatalog);
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("row.edit", { name })}>
        <Pencil aria-hidden="true" />
      </Button>
      {children}
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={t("row.delete", { name })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
