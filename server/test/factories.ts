import { randomBytes } from "node:crypto";
import type { TAuthUser } from "@common/auth";
import type { TChurch } from "@common/churches";
import type { TInvitation } from "@common/invitations";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { Caller } from "./app";

export const PASSWORD = "correct horse battery";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.org`;
}

export type TSignedIn = Caller & { user: TAuthUser };

/** Registers a new account and returns a caller signed in as it. */
export async function signUp(
  app: FastifyInstance,
  fields: { email?: string; firstName?: string; lastName?: string; invitationToken?: string } = {},
): Promise<TSignedIn> {
  const caller = new Caller(app) as TSignedIn;
  const res = await caller.post("/api/auth/register", {
    email: fields.email ?? uniqueEmail(),
    password: PASSWORD,
    firstName: fields.firstName ?? "Test",
    lastName: fields.lastName ?? "User",
    invitationToken: fields.invitationToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  caller.user = res.body;
  return caller;
}

export type TTestChurch = { church: TChurch; admin: TSignedIn };

/** A new church whose creator is its ADMIN (outline's per-test factories: tests never share data). */
export async function createChurch(
  app: FastifyInstance,
  name = `Church ${randomBytes(3).toString("hex")}`,
): Promise<TTestChurch> {
  const admin = await signUp(app, { firstName: "Pastor", lastName: "Admin" });
  const res = await admin.post("/api/churches", { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  admin.user = (await admin.get("/api/auth/user")).body;
  return { church: res.body, admin };
}

export async function invite(
  admin: Caller,
  email: string,
  role = "CONGREGANT",
): Promise<TInvitation & { token: string }> {
  const res = await admin.post("/api/invitations", { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.token).toMatch(/^[\w-]{43}$/);
  return res.body;
}

/** A member of `t`'s church with `role`, joined through a real invitation. */
export async function addMember(
  app: FastifyInstance,
  t: TTestChurch,
  role: "CONGREGANT" | "GROUP_LEADER" | "ADMIN" = "CONGREGANT",
  firstName = "Member",
): Promise<TSignedIn> {
  const email = uniqueEmail(firstName.toLowerCase());
  const inv = await invite(t.admin, email, role);
  const member = await signUp(app, { email, firstName, invitationToken: inv.token });
  expect(member.user.churchId).toBe(t.church.id);
  return member;
}

export const sermonBody = (over: Record<string, unknown> = {}) => ({
  title: "Walking in Faith",
  speaker: "Pastor John",
  date: "2026-11-15",
  videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  audioUrl: null,
  notesUrl: null,
  series: null,
  description: "A message on trust.",
  notes: null,
  duration: 45,
  tags: ["faith"],
  ...over,
});

export async function createSermon(admin: Caller, over: Record<string, unknown> = {}) {
  const res = await admin.post("/api/sermons", sermonBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as import("@common/sermons").TSermon;
}

export const eventBody = (over: Record<string, unknown> = {}) => {
  const start = new Date(Date.now() + 3 * 86_400_000);
  return {
    title: "Bible Study",
    description: "Romans, chapter 8.",
    location: "Fellowship Hall",
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
    streamUrl: null,
    ...over,
  };
};

export async function createEvent(admin: Caller, over: Record<string, unknown> = {}) {
  const res = await admin.post("/api/events", eventBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as import("@common/events").TEvent;
}

/** Sets the church's time zone through the settings API (as an admin would). */
export async function setTimeZone(t: TTestChurch, timeZone: string): Promise<void> {
  const current = await t.admin.get("/api/admin/church/settings");
  expect(current.status).toBe(200);
  const res = await t.admin.put("/api/admin/church/settings", { ...current.body, timeZone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
