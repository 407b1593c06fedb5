import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

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
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" />
      </Button>
      {children}
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
