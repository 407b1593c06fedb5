import { ZNotificationList } from "@common/notifications";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Issue 26: what a notification says follows its reader's language, not the language of whoever raised it. */
describe("notifications in the reader's language", () => {
  it("a Spanish member reads the admin's news in Spanish, and in English once they switch", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const boaz = await addMember(t.app, c, "CONGREGANT", "Boaz");
    expect((await ruth.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    await createEvent(c.admin, { title: "Picnic" });
    await drainJobs(t.app);

    const list = async (who: typeof ruth) => ZNotificationList.parse((await who.get("/api/notifications")).body);
    expect((await list(ruth)).notifications[0]).toMatchObject({ title: "Nuevo evento", message: "Picnic" });
    expect((await list(boaz)).notifications[0]).toMatchObject({ title: "New event", message: "Picnic" });

    expect((await ruth.patch("/api/user/preferences", { language: "en" })).status).toBe(200);
    expect((await list(ruth)).notifications[0]).toMatchObject({ title: "New event" });
  });
});
