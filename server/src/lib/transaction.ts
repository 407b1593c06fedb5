import type { TDb } from "../db/client";
import type { TTopic } from "./cache-bus";
import type { TChanged } from "./context";

/**
 * Runs `fn` in one transaction with a copy of `ctx` bound to it, so that a lib call that pays points
 * or grants a badge and the domain event that follows commit together. The copy's `changed` calls
 * (a cached member or list to forget) are held back and made once the transaction has committed:
 * made earlier, another request could load the old rows again before the commit.
 */
export async function inTransaction<C extends { db: TDb; changed: TChanged }, T>(
  ctx: C,
  fn: (tx: C) => Promise<T>,
): Promise<T> {
  const pending: [TTopic, string][] = [];
  const changed: TChanged = async (topic, id) => {
    pending.push([topic, id]);
  };
  const result = await ctx.db.transaction((db) => fn({ ...ctx, db, changed }));
  for (const [topic, id] of pending) await ctx.changed(topic, id);
  return result;
}
