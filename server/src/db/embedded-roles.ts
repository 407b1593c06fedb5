import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The roles inside the embedded PostgreSQL: the superuser is kept for setting up, and the app
 * signs in as a plain role that owns its database and everything in it, so a flaw in the app
 * cannot reach other databases, the server's files or `COPY ... TO PROGRAM`.
 */

/**
 * A SCRAM-SHA-256 verifier (RFC 5802/7677, PostgreSQL's format) computed here, so the password
 * itself never reaches the server, its log or its statistics. Our passwords are printable ASCII,
 * which SASLprep leaves as it is.
 */
export function scramVerifier(password: string): string {
  const iterations = 4096;
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(Buffer.from(password, "utf8"), salt, iterations, 32, "sha256");
  const clientKey = createHmac("sha256", salted).update("Client Key").digest();
  const storedKey = createHash("sha256").update(clientKey).digest();
  const serverKey = createHmac("sha256", salted).update("Server Key").digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Sets a role's password from its verifier (the statement carries no password). */
export async function setRolePassword(admin: pg.ClientBase, role: string, password: string): Promise<void> {
  await admin.query(`alter role ${ident(role)} password ${admin.escapeLiteral(scramVerifier(password))}`);
}

/**
 * Makes (or repairs) the app's role: it can sign in and nothing more, belongs to no other role
 * (so not to pg_execute_server_program or pg_read_server_files), and has the given password.
 */
export async function ensureAppRole(admin: pg.ClientBase, role: string, password: string): Promise<void> {
  const found = await admin.query("select 1 from pg_roles where rolname = $1", [role]);
  if (found.rowCount === 0) await admin.query(`create role ${ident(role)}`);
  await admin.query(
    `alter role ${ident(role)} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls inherit`,
  );
  const memberships = await admin.query<{ name: string; grantor: string }>(
    `select r.rolname as name, g.rolname as grantor from pg_auth_members m join pg_roles r on r.oid = m.roleid
       join pg_roles g on g.oid = m.grantor join pg_roles u on u.oid = m.member
      where u.rolname = $1`,
    [role],
  );
  for (const { name, grantor } of memberships.rows)
    await admin.query(`revoke ${ident(name)} from ${ident(role)} granted by ${ident(grantor)} cascade`);
  await setRolePassword(admin, role, password);
}

/** Creates the database owned by `owner`, or hands an existing one (and its contents) to it. */
export async function ensureOwnedDatabase(adminUrl: string, database: string, owner: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`create database ${ident(database)} owner ${ident(owner)}`);
    else await admin.query(`alter database ${ident(database)} owner to ${ident(owner)}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${encodeURIComponent(database)}`;
  const inDb = new pg.Client({ connectionString: u.toString() });
  await inDb.connect();
  try {
    await moveOwnership(inDb, owner);
  } finally {
    await inDb.end();
  }
}

// Objects of the database's own schemas (not PostgreSQL's, not an extension's) not yet `owner`'s.
const NOT_SYSTEM = `n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`;
const notExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${catalog}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

const KIND_STATEMENT: Record<string, string> = {
  r: "table",
  p: "table",
  f: "foreign table",
  v: "view",
  m: "materialized view",
  S: "sequence",
  c: "type",
};

/**
 * Hands every schema, table, view, sequence, type and routine of the connected database to
 * `owner`. REASSIGN OWNED cannot do this for the bootstrap superuser (a data directory made by
 * the earlier code has everything owned by `postgres`), so each object is altered in turn; on a
 * database already in order the queries find nothing.
 */
async function moveOwnership(client: pg.ClientBase, owner: string): Promise<void> {
  const ownerOid = "(select oid from pg_roles where rolname = $1)";
  const schemas = await client.query<{ name: string }>(
    `select n.nspname as name from pg_namespace n
      where ${NOT_SYSTEM} and n.nspowner <> ${ownerOid} and n.nspowner <> 'pg_database_owner'::regrole
        and ${notExtension("pg_namespace", "n.oid")}`,
    [owner],
  );
  // Sequences that belong to a column (serial, identity) follow their table.
  const relations = await client.query<{ name: string; kind: string }>(
    `select c.oid::regclass::text as name, c.relkind::text as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${NOT_SYSTEM} and c.relkind in ('r', 'p', 'f', 'v', 'm', 'S', 'c') and c.relowner <> ${ownerOid}
        and ${notExtension("pg_class", "c.oid")}
        and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
              and d.objid = c.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')))`,
    [owner],
  );
  // Enums, domains and ranges; composite types are in pg_class, array types follow their element.
  const types = await client.query<{ name: string }>(
    `select t.oid::regtype::text as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where ${NOT_SYSTEM} and t.typtype in ('e', 'd', 'r') and t.typowner <> ${ownerOid}
        and ${notExtension("pg_type", "t.oid")}`,
    [owner],
  );
  const routines = await client.query<{ name: string }>(
    `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where ${NOT_SYSTEM} and p.proowner <> ${ownerOid} and ${notExtension("pg_proc", "p.oid")}`,
    [owner],
  );
  const to = `owner to ${ident(owner)}`;
  for (const { name } of schemas.rows) await client.query(`alter schema ${ident(name)} ${to}`);
  for (const { name, kind } of relations.rows) await client.query(`alter ${KIND_STATEMENT[kind]} ${name} ${to}`);
  for (const { name } of types.rows) await client.query(`alter type ${name} ${to}`);
  for (const { name } of routines.rows) await client.query(`alter routine ${name} ${to}`);
}
