import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/**
 * An admin list: a card per item on a phone, so nothing scrolls sideways, and a table from `md` up
 * whose last column holds the row's actions.
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
  return (
    <>
      <ul className="divide-y divide-border md:hidden">
        {items.map((item) => (
          <li key={item.id} className={cardClassName}>
            {renderCard(item)}
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {headings.map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                {renderCells(item)}
                <TableCell className="text-right">{renderActions(item)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
