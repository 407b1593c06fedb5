import { type ReactNode, useSyncExternalStore } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/** Tailwind's `md`: where the table replaces the cards. */
const WIDE_QUERY = "(min-width: 48rem)";
type TLayout = "cards" | "table" | "both";

function subscribeToWidth(onChange: () => void) {
  const query = typeof window.matchMedia === "function" ? window.matchMedia(WIDE_QUERY) : null;
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** Without matchMedia both are drawn and CSS shows one, as before. */
function getLayout(): TLayout {
  if (typeof window.matchMedia !== "function") return "both";
  return window.matchMedia(WIDE_QUERY).matches ? "table" : "cards";
}

/**
 * An admin list: a card per item on a phone, so nothing scrolls sideways, and a table from `md` up
 * whose last column holds the row's actions. Only the one the screen shows is drawn: both at once
 * doubled every row's menus and avatars, and Lighthouse found /admin/members with 100 members
 * blocking a phone's main thread for seconds (bench/lighthouse.ts).
 */
export function ResponsiveTable<T extends { id: string }>({
  items,
  headings,
  cardClassName,
  renderCard,
  renderCells,
  renderActions,
}: {
  items: T[];
  /** The headings of the columns before Actions. */
  headings: string[];
  cardClassName: string;
  /** A phone card's content; it places the actions itself. */
  renderCard: (item: T) => ReactNode;
  /** A table row's cells before the actions cell. */
  renderCells: (item: T) => ReactNode;
  renderActions: (item: T) => ReactNode;
}) {
  const t = useT(commonCatalog);
  const layout = useSyncExternalStore(subscribeToWidth, getLayout, () => "both" as const);
  return (
    <>
      {layout !== "table" && (
        <ul className="divide-y divide-border md:hidden">
          {items.map((item) => (
            <li key={item.id} className={cardClassName}>
              {renderCard(item)}
            </li>
          ))}
        </ul>
      )}
      {layout !== "cards" && (
        <div className="hidden md:block">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {headings.map((heading) => (
                  <TableHead key={heading}>{heading}</TableHead>
                ))}
                <TableHead className="text-end">{t("table.actions")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  {renderCells(item)}
                  <TableCell className="text-end">{renderActions(item)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
