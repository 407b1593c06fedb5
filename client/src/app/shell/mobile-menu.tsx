import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";
import { shellCatalog } from "../i18n";
import { SidebarContent } from "./sidebar";

/** The sidebar as a drawer below `md`. */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT(shellCatalog);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetTitle className="sr-only">{t("menu.title")}</SheetTitle>
        <SheetDescription className="sr-only">{t("menu.description")}</SheetDescription>
        <SidebarContent inDrawer />
      </SheetContent>
    </Sheet>
  );
}
