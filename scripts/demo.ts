// `npm run demo`: fills a demo church (a leader, members of every role, pending invitations and
// some history) in the same database `npm start` uses, then prints how to sign in.
import { eq } from "drizzle-orm";
import { loadConfig } from "../server/src/config";
import { createDb, migrateDb } from "../server/src/db/client";
import { startEmbeddedPostgres } from "../server/src/db/embedded";
import { activities } from "../server/src/db/schema/admin";
import { churches } from "../server/src/db/schema/churches";
import { events } from "../server/src/db/schema/events";
import { invitations } from "../server/src/db/schema/invitations";
import { sermons } from "../server/src/db/schema/sermons";
import { users } from "../server/src/db/schema/users";
import { findFreeSlug } from "../server/src/features/churches/churches.service";
import { createToken, hashPassword, sha256 } from "../server/src/lib/crypto";
import { resolveAppSecret, SecretBox } from "../server/src/lib/secrets";
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
  console.log(
    config.databaseUrl
      ? "Filling a demo church in the database at DATABASE_URL."
      : `Filling a demo church in the embedded database in ${config.dataDir}. Stop the app first (Ctrl+C where \`npm start\` runs): both cannot use that database at once.`,
  );
  const secrets = new SecretBox(resolveAppSecret(config));
  // Sealed under the same secret `npm start` uses, so Copy Link shows the demo invitations' links.
  const invitationToken = () => {
    const token = createToken(32);
    return { tokenHash: sha256(token), tokenSealed: secrets.seal(token) };
  };
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const url = embedded ? embedded.url : (config.databaseUrl as string);
  const db = createDb(url, { max: 2 });
  try {
    await migrateDb(db);
    const [existing] = await db.select().from(users).where(eq(users.email, LEADER_EMAIL));
    if (existing) {
      console.log(`The demo church is already there (${LEADER_EMAIL}): nothing was added.`);
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
            slug: await findFreeSlug(tx, "Grace Community Church"),
          })
          .returning();
        const day = 86_400_000;
        const [leader] = await tx
          .insert(users)
          .values({
            email: LEADER_EMAIL,
            passwordHash,
            emailVerifiedAt: new Date(),
            emailProof: "mailbox",
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
              emailVerifiedAt: new Date(),
              emailProof: "mailbox",
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
            ...invitationToken(),
            invitedBy: leader.id,
            expiresAt: new Date(Date.now() + 12 * day),
          },
          {
            churchId: church.id,
            email: "deacon@demo.church",
            role: "GROUP_LEADER",
            ...invitationToken(),
            invitedBy: leader.id,
            expiresAt: new Date(Date.now() + 9 * day),
          },
        ]);
        const SPEAKERS = ["Pastor Ruth Bennett", "Rev. Daniel Reyes", "Grace Lindqvist"];
        const SERIES = ["Foundations of Faith", "Psalms for Every Season", "The Sermon on the Mount"];
        const TITLES = [
          "Walking by Faith",
          "The Lord Is My Shepherd",
          "Blessed Are the Peacemakers",
          "Salt and Light",
          "Hope That Anchors",
          "A Song in the Night",
          "Love Your Neighbour",
          "Treasures in Heaven",
          "The Narrow Gate",
          "Rooted and Established",
          "Grace Upon Grace",
          "Come to the Table",
        ];
        await tx.insert(sermons).values(
          TITLES.map((title, i) => ({
            churchId: church.id,
            title,
            speaker: SPEAKERS[i % 3],
            date: new Date(Date.now() - (i * 7 + 1) * day).toISOString().slice(0, 10),
            duration: 28 + ((i * 7) % 25),
            videoUrl: i % 2 === 0 ? "https://www.youtube.com/watch?v=ScMzIvxBSi4" : null,
            audioUrl: i % 3 !== 2 ? `https://media.demo.church/sermons/${i + 1}.mp3` : null,
            series: SERIES[i % 3],
            description: `${title}: a message from ${SERIES[i % 3]} on trusting God in everyday life.`,
            notes:
              "Read the passage twice. What does it say about God? What does it ask of us?\n\nTrust in the Lord with all your heart, and lean not on your own understanding.",
            tags: ["faith", ["hope", "prayer", "community"][i % 3]],
            createdBy: leader.id,
          })),
        );
        const at = (days: number, hour: number) => {
          const d = new Date(Date.now() + days * day);
          d.setHours(hour, 0, 0, 0);
          return d;
        };
        await tx.insert(events).values(
          [
            {
              churchId: church.id,
              title: "Sunday Worship",
              description: "Worship, prayer and the word, with children's church.",
              location: "Main Sanctuary",
              startTime: at(2, 10),
              endTime: at(2, 12),
            },
            {
              churchId: church.id,
              title: "Midweek Bible Study",
              description: "Romans, chapter 8. Bring a friend.",
              location: "Fellowship Hall",
              startTime: at(5, 19),
              endTime: at(5, 21),
            },
            {
              churchId: church.id,
              title: "Youth Night",
              description: "Games, food and a short talk.",
              location: "Youth Room",
              startTime: at(6, 18),
              endTime: at(6, 20),
            },
            {
              churchId: church.id,
              title: "Community Meal",
              description: "A free meal for our neighbours.",
              location: "Fellowship Hall",
              startTime: at(-4, 17),
              endTime: at(-4, 19),
            },
          ].map((e) => ({ ...e, createdBy: leader.id })),
        );
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
      console.log(`Added the demo church "Grace Community Church":
  11 people: the leader below, 1 more admin, 2 group leaders and 7 members (all with the password below)
  12 sermons in 3 series, 4 events (3 coming, 1 past), 2 invitations waiting to be accepted,
  and the activity of the last 60 days.`);
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
