import { CHURCH_PRIVACY_URL, invitationPrivacyUrl, type TChurchPrivacy } from "@common/privacy-helpers";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { InvitationPrivacyPage, PrivacyPage } from "./privacy-page";

const PRIVACY: TChurchPrivacy = {
  church: {
    name: "Grace Church",
    logoUrl: null,
    brandColor: "#0E7490",
    address: "1 Church Lane",
    phone: "+1 555 0100",
    email: "office@grace.example",
    website: "https://grace.example",
  },
  privacyContact: null,
  retentionDays: { chat: 365, notifications: 90, audit: 730, removedMembers: 30 },
  backupDays: 7,
};

const user = makeUser({ role: "CONGREGANT" });

afterEach(async () => {
  await activateLanguage("en");
});

describe("PrivacyPage", () => {
  it("says who the church is, how long each kind of data is kept, and links to the profile", async () => {
    mockFetch({ [CHURCH_PRIVACY_URL]: PRIVACY });
    renderWithApp(<PrivacyPage />, { user, path: "/privacy" });
    expect(
      await screen.findByText("How Grace Church looks after your data, and how to have a copy or have it erased."),
    ).toBeTruthy();
    const retention = screen.getByTestId("privacy-retention");
    expect(within(retention).getByText("Live chat messages are kept for 1 year.")).toBeTruthy();
    expect(within(retention).getByText("Notifications are kept for 90 days.")).toBeTruthy();
    expect(within(retention).getByText(/audit trail .* is kept for 2 years\./)).toBeTruthy();
    expect(
      within(retention).getByText("When a member is removed, their personal data is erased after 30 days."),
    ).toBeTruthy();
    expect(within(retention).getByText(/backups reach back about 7 days/)).toBeTruthy();
    // No contact text set: write to the church's e-mail.
    const contact = screen.getByTestId("privacy-contact");
    expect(within(contact).getByRole("link", { name: "office@grace.example" }).getAttribute("href")).toBe(
      "mailto:office@grace.example",
    );
    expect(screen.getByRole("link", { name: "Download your data" }).getAttribute("href")).toBe("/profile");
    expect(screen.getByRole("link", { name: "Delete your account" }).getAttribute("href")).toBe("/profile");
  });

  it("shows the church's own contact words, other periods, and no backup line when the server keeps none", async () => {
    mockFetch({
      [CHURCH_PRIVACY_URL]: {
        ...PRIVACY,
        privacyContact: "Write to Deacon Mary\nprivacy@grace.example",
        retentionDays: { chat: 1, notifications: 14, audit: 400, removedMembers: 7 },
        backupDays: null,
      },
    });
    renderWithApp(<PrivacyPage />, { user, path: "/privacy" });
    const contact = await screen.findByTestId("privacy-contact");
    expect(contact.textContent).toBe("Write to Deacon Mary\nprivacy@grace.example");
    expect(screen.getByText("Live chat messages are kept for 1 day.")).toBeTruthy();
    expect(screen.getByText(/audit trail .* is kept for 400 days\./)).toBeTruthy();
    expect(screen.queryByText(/backups/)).toBeNull();
  });

  it("shows a skeleton while it loads and a retry when it fails", async () => {
    mockFetch({ [CHURCH_PRIVACY_URL]: () => new Response("{}", { status: 500 }) });
    renderWithApp(<PrivacyPage />, { user, path: "/privacy" });
    expect(screen.getByRole("status", { name: "Loading the privacy page" })).toBeTruthy();
    expect(await screen.findByText(/The privacy page could not be loaded/)).toBeTruthy();
  });

  it("speaks Arabic, periods in its plural forms", async () => {
    await activateLanguage("ar");
    mockFetch({ [CHURCH_PRIVACY_URL]: PRIVACY });
    renderWithApp(<PrivacyPage />, { user, path: "/privacy" });
    expect(await screen.findByText("تُحفظ رسائل الدردشة المباشرة لمدة سنة واحدة.")).toBeTruthy();
    expect(screen.getByText("تُحفظ الإشعارات لمدة 90 يومًا.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "الخصوصية" })).toBeTruthy();
  });
});

describe("InvitationPrivacyPage", () => {
  it("shows the invitation's church's page signed out, without profile links, and leads back", async () => {
    const token = "tok_abc-123";
    mockFetch({ [invitationPrivacyUrl(token)]: PRIVACY });
    renderWithApp(<Route path="/invite/:token/privacy" component={InvitationPrivacyPage} />, {
      path: `/invite/${token}/privacy`,
    });
    expect(await screen.findByText("Notifications are kept for 90 days.")).toBeTruthy();
    expect(screen.getByText(/Once you join, you can download your data/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download your data" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the invitation" }).getAttribute("href")).toBe(`/invite/${token}`);
  });

  it("says the invitation is no longer valid on a 404", async () => {
    mockFetch({ [invitationPrivacyUrl("gone")]: () => Response.json({ message: "no" }, { status: 404 }) });
    renderWithApp(<Route path="/invite/:token/privacy" component={InvitationPrivacyPage} />, {
      path: "/invite/gone/privacy",
    });
    expect(await screen.findByText(/This invitation link is invalid/)).toBeTruthy();
  });
});
