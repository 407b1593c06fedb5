import type { TRootDb } from "../src/db/client";
import { groupMembers, groups } from "../src/db/schema/groups";
import type { TSignedIn, TTestChurch } from "./factories";

/**
 * A group made straight in the database for the thread's tests (the group routes are another part of
 * issue 27): its leaders and members as given.
 */
export async function makeGroup(
  db: TRootDb,
  c: TTestChurch,
  people: { leaders?: TSignedIn[]; members?: TSignedIn[]; visibility?: "listed" | "unlisted" } = {},
): Promise<string> {
  const [g] = await db
    .insert(groups)
    .values({
      churchId: c.church.id,
      name: `Group ${Math.random().toString(36).slice(2, 8)}`,
      kind: "bible_study",
      visibility: people.visibility ?? "listed",
    })
    .returning({ id: groups.id });
  const rows = [
    ...(people.leaders ?? []).map((p) => ({ userId: p.user.id, role: "leader" })),
    ...(people.members ?? []).map((p) => ({ userId: p.user.id, role: "member" })),
  ];
  if (rows.length > 0)
    await db.insert(groupMembers).values(rows.map((r) => ({ ...r, groupId: g.id, churchId: c.church.id })));
  return g.id;
}
