// `npm run demo`: fills a demo church (a leader, members of every role, pending invitations and
// some history) in the same database `npm start` uses, then prints how to sign in.
import { eq } from "drizzle-orm";
import { loadConfig } from "../server/src/config";
import { createDb, migrateDb } from "../server/src/db/client";
import { ensureDatabase, startEmbeddedPostgres } from "../server/src/db/embedded";
import { activities, churches, invitations, users } from "../server/src/db/schema";
import { createToken, hashPassword } from "../server/src/lib/crypto";
import { getServerTimeZone } from "../server/src/lib/time";

const LEADER_EMAIL = "pastor@demo.church";
const PASSWORD = "fellowship-demo";
const MEMBERS: [string, string, "ADMIN" | "GROUP_LEADER" | "CONGREGANT"][] = [
  ["Miriam", "Okafor", "ADMIN"],
  ["Daniel", "Reyes", "GROUP_LEADER"],
  ["Grace", "Lindqvist", "GROUP_LEADER"],
  ["Samuel", "Adeyemi", "CONGREGANT"],
  ["Hannah", "Park", "CONGREGANT"],
  ["Joseph", "Mwangi", "CONGREGANT"],
  ["Esther", "Novak", "CONGREGANT"],
  ["Caleb", "Ibrahim", "CONGREGANT"],
  ["Naomi", "Fischer", "CONGREGANT"],
  ["Timothy", "Osei", "CONGREGANT"],
];

async function main() {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const url = embedded ? await ensureDatabase(embedded.url, "fellowship") : (config.databaseUrl as string);
  const db = createDb(url, { max: 2 });
  try {
    await migrateDb(db);
    const [existing] = await db.select().from(users).where(eq(users.email, LEADER_EMAIL));
    if (existing) {
      console.log("The demo church is already there.");
    } else {
      const passwordHash = await hashPassword(PASSWORD);
      await db.transaction(async (tx) => {
        const [church] = await tx
          .insert(churches)
          .values({
            name: "Grace Community Church",
            address: "120 Main Street, Springfield",
            phone: "+1 555 0142",
            email: "office@demo.church",
            website: "https://demo.church",
            brandColor: "#4F46E5",
            timeZone: getServerTimeZone(),
          })
          .returning();
        const day = 86_400_000;
        const [leader] = await tx
          .insert(users)
          .values({
            email: LEADER_EMAIL,
            passwordHash,
            firstName: "Ruth",
            lastName: "Bennett",
            role: "ADMIN",
            churchId: church.id,
            createdAt: new Date(Date.now() - 60 * day),
          })
          .returning();
        const people = await tx
          .insert(users)
          .values(
            MEMBERS.map(([firstName, lastName, role], i) => ({
              email: `${firstName.toLowerCase()}@demo.church`,
              passwordHash,
              firstName,
              lastName,
              role,
              churchId: church.id,
              createdAt: new Date(Date.now() - (50 - i * 5) * day),
              lastLogin: i % 4 === 3 ? new Date(Date.now() - 45 * day) : new Date(Date.now() - (i % 3) * day),
              lastActiveAt: i % 4 === 3 ? new Date(Date.now() - 45 * day) : new Date(Date.now() - (i % 3) * day),
            })),
          )
          .returning();
        await tx.insert(invitations).values([
          {
            churchId: church.id,
            email: "visitor@demo.church",
            role: "CONGREGANT",
            token: createToken(32),
            invitedBy: leader.id,
            expiresAt: new Date(Date.now() + 12 * day),
          },
          {
            churchId: church.id,
            email: "deacon@demo.church",
            role: "GROUP_LEADER",
            token: createToken(32),
            invitedBy: leader.id,
            expiresAt: new Date(Date.now() + 9 * day),
          },
        ]);
        await tx.insert(activities).values([
          {
            churchId: church.id,
            userId: leader.id,
            kind: "church_created",
            description: "Grace Community Church was created",
            createdAt: new Date(Date.now() - 60 * day),
          },
          ...people.map((p, i) => ({
            churchId: church.id,
            userId: p.id,
            kind: "member_joined",
            description: `${p.firstName} ${p.lastName} joined the church`,
            createdAt: new Date(Date.now() - (50 - i * 5) * day),
          })),
        ]);
      });
      console.log("Made the demo church: Grace Community Church, with 11 members and 2 pending invitations.");
    }
    console.log(`
Start the app with \`npm start\`, open http://localhost:${config.port}/login and sign in:
  Church leader (admin):  ${LEADER_EMAIL} / ${PASSWORD}
  Group leader:           daniel@demo.church / ${PASSWORD}
  Member:                 samuel@demo.church / ${PASSWORD}`);
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
