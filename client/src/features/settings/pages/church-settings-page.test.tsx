import { DEFAULT_BIBLE_READER } from "@common/bible-plan";
import type { TChurchSettings } from "@common/churches";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ChurchSettingsPage } from "./church-settings-page";

const CHURCH: TChurchSettings = {
  id: "c1",
  name: "Grace Church",
  address: null,
  phone: "555-0100",
  email: null,
  website: null,
  logoUrl: null,
  brandColor: "#6366F1",
  timeZone: "America/Chicago",
  defaultLanguage: null,
  slug: "grace-church",
  publicPage: false,
  createdAt: "2025-01-01T00:00:00Z",
  bibleReaderPattern: DEFAULT_BIBLE_READER.pattern,
  bibleTranslation: "NIV",
  auditRetentionDays: 730,
  chatRetentionDays: 365,
  notificationRetentionDays: 90,
  removedMemberRetentionDays: 30,
  emailFallbackHours: 6,
  digestDay: 6,
  digestTime: "17:00",
  privacyContact: null,
};

// The form downloads its contract on first use; loading it here keeps the validation tests from
// waiting on that import, which can take seconds on a busy machine.
beforeAll(async () => {
  await import("@common/churches");
});

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/admin/church/settings": CHURCH, "/api/auth/user": null, ...routes });
  renderWithApp(<ChurchSettingsPage />, { user: makeUser(), path: "/admin/settings" });
  return fetchMock;
}

/** The server's answer to a save: the saved church with the sent fields. */
const SAVES = {
  "PUT /api/admin/church/settings": (init?: RequestInit) =>
    jsonResponse({ ...CHURCH, ...JSON.parse(String(init?.body)) }),
};

const previewLink = () => screen.getByRole("link", { name: /Preview: John 3/ });

/** The body of the form's PUT. */
function putBody(fetchMock: ReturnType<typeof setup>) {
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
  return JSON.parse(String(put?.[1]?.body));
}

const pickFile = (file: File) => fireEvent.change(screen.getByLabelText("Logo file"), { target: { files: [file] } });

describe("ChurchSettingsPage", () => {
  it("takes the public page's address and the publish switch, and links to the page once published", async () => {
    const fetchMock = setup(SAVES);
    const slug = (await screen.findByLabelText("Page address")) as HTMLInputElement;
    expect(slug.value).toBe("grace-church");
    expect(screen.queryByRole("link", { name: /Open your public page/ })).toBeNull();
    expect(screen.getByText(/\/c\/grace-church$/)).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(slug);
    await user.type(slug, "grace-springfield");
    expect(screen.getByText(/\/c\/grace-springfield$/)).toBeTruthy();
    await user.click(screen.getByRole("switch", { name: "Publish the public page" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ slug: "grace-springfield", publicPage: true }));
  });

  it("keeps the audit log for the chosen years and sends them as days", async () => {
    const fetchMock = setup(SAVES);
    const select = (await screen.findByLabelText("Keep audit entries for")) as HTMLSelectElement;
    expect(select.value).toBe("730");
    expect([...select.options].map((o) => o.text)).toEqual(["1 year", "2 years", "5 years", "7 years"]);
    const user = userEvent.setup();
    await user.selectOptions(select, "7 years");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ auditRetentionDays: 2555 }));
  });

  it("shows the privacy contact and each retention under Privacy and retention, and saves them", async () => {
    const fetchMock = setup(SAVES);
    expect(await screen.findByRole("heading", { name: "Privacy and retention" })).toBeTruthy();
    const chat = screen.getByLabelText("Keep live chat messages for") as HTMLSelectElement;
    const notes = screen.getByLabelText("Keep notifications for") as HTMLSelectElement;
    const removed = screen.getByLabelText("Erase a removed member's personal data after") as HTMLSelectElement;
    expect([chat.value, notes.value, removed.value]).toEqual(["365", "90", "30"]);
    expect([...chat.options].map((o) => o.text)).toEqual(["30 days", "90 days", "180 days", "1 year", "2 years"]);
    expect([...notes.options].map((o) => o.text)).toEqual(["30 days", "90 days", "180 days", "1 year"]);
    expect([...removed.options].map((o) => o.text)).toEqual(["7 days", "30 days", "90 days"]);
    // Each select says what it does under it.
    expect(chat.getAttribute("aria-describedby")).toBe("settings-chat-retention-hint");
    expect(screen.getByText("Older messages are removed; each stream keeps its message count.")).toBeTruthy();

    const contact = screen.getByLabelText("Privacy contact") as HTMLTextAreaElement;
    expect(contact.value).toBe("");
    const user = userEvent.setup();
    await user.type(contact, "Ruth Jones, privacy@grace.example");
    await user.selectOptions(chat, "90 days");
    await user.selectOptions(notes, "1 year");
    await user.selectOptions(removed, "7 days");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(putBody(fetchMock)).toMatchObject({
        privacyContact: "Ruth Jones, privacy@grace.example",
        chatRetentionDays: 90,
        notificationRetentionDays: 365,
        removedMemberRetentionDays: 7,
        auditRetentionDays: 730,
      }),
    );
  });

  it("fills the privacy section from the saved settings", async () => {
    setup({
      "/api/admin/church/settings": {
        ...CHURCH,
        chatRetentionDays: 730,
        notificationRetentionDays: 30,
        removedMemberRetentionDays: 90,
        privacyContact: "Write to the office",
      },
    });
    const contact = (await screen.findByLabelText("Privacy contact")) as HTMLTextAreaElement;
    expect(contact.value).toBe("Write to the office");
    expect((screen.getByLabelText("Keep live chat messages for") as HTMLSelectElement).value).toBe("730");
    expect((screen.getByLabelText("Keep notifications for") as HTMLSelectElement).value).toBe("30");
    expect((screen.getByLabelText("Erase a removed member's personal data after") as HTMLSelectElement).value).toBe(
      "90",
    );
  });

  it("Notifications and e-mail: the e-mail delay, the digest's day in words and its time, in the church's time zone", async () => {
    const fetchMock = setup(SAVES);
    expect(await screen.findByRole("heading", { name: "Notifications and e-mail" })).toBeTruthy();
    expect(screen.getByText(/Times are in the church's time zone \(America\/Chicago\)/)).toBeTruthy();
    const delay = screen.getByLabelText("E-mail an unread notification after") as HTMLSelectElement;
    const day = screen.getByLabelText("Weekly digest day") as HTMLSelectElement;
    const time = screen.getByLabelText("Weekly digest time") as HTMLInputElement;
    expect([delay.value, day.value, time.value]).toEqual(["6", "6", "17:00"]);
    expect([...delay.options].map((o) => o.text)).toEqual(["1 hour", "3 hours", "6 hours", "12 hours", "24 hours"]);
    expect([...day.options].map((o) => o.text)).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    const user = userEvent.setup();
    await user.selectOptions(delay, "12 hours");
    await user.selectOptions(day, "Sunday");
    fireEvent.change(time, { target: { value: "07:30" } });
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(putBody(fetchMock)).toMatchObject({ emailFallbackHours: 12, digestDay: 0, digestTime: "07:30" }),
    );
  });

  it("refuses an empty digest time before saving", async () => {
    const fetchMock = setup(SAVES);
    const time = (await screen.findByLabelText("Weekly digest time")) as HTMLInputElement;
    fireEvent.change(time, { target: { value: "" } });
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Times must be written as HH:MM, from 00:00 to 23:59")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("shows the link to the saved public page when it is published", async () => {
    setup({ "/api/admin/church/settings": { ...CHURCH, publicPage: true } });
    const link = await screen.findByRole("link", { name: /Open your public page/ });
    expect(link.getAttribute("href")).toBe("/c/grace-church");
  });

  it("the time zone list narrows as the admin types and picks the first match", async () => {
    const fetchMock = setup(SAVES);
    const select = (await screen.findByLabelText("Time zone")) as HTMLSelectElement;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Search time zones"), "berlin");
    expect(select.value).toBe("Europe/Berlin");
    expect([...select.options].map((o) => o.value)).toEqual(["Europe/Berlin"]);
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ timeZone: "Europe/Berlin" }));
  });

  it("fills the form from the saved settings", async () => {
    setup();
    expect(((await screen.findByLabelText("Church name")) as HTMLInputElement).value).toBe("Grace Church");
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("555-0100");
    expect((screen.getByLabelText("Brand color") as HTMLInputElement).value).toBe("#6366F1");
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("America/Chicago");
  });

  it("requires a name", async () => {
    const fetchMock = setup();
    await userEvent.clear(await screen.findByLabelText("Church name"));
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Church name is required")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("refuses non-images and files over 2MB", async () => {
    setup();
    await screen.findByLabelText("Church name");
    pickFile(new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(getToasts()[0]).toMatchObject({
      title: "Invalid File",
      description: "Please select an image file (PNG, JPG, etc.)",
    });
    pickFile(new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }));
    expect(getToasts()[0]).toMatchObject({
      title: "File Too Large",
      description: "Please select an image smaller than 2MB",
    });
  });

  it("previews an uploaded logo as a data URL and can remove it", async () => {
    setup();
    await screen.findByLabelText("Church name");
    pickFile(new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" }));
    const img = await screen.findByRole("img", { name: "Grace Church logo preview" });
    expect(img.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("img", { name: "Grace Church logo preview" })).toBeNull();
  });

  it("saves with PUT (empty fields as null) and toasts 'Settings Updated'", async () => {
    const fetchMock = setup(SAVES);
    const name = await screen.findByLabelText("Church name");
    await userEvent.clear(name);
    await userEvent.type(name, "Grace Fellowship");
    await userEvent.type(screen.getByLabelText("Website"), "https://grace.example.org");
    const colour = screen.getByLabelText("Brand color");
    await userEvent.clear(colour);
    await userEvent.type(colour, "#0F766E");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Settings Updated" }));
    expect(putBody(fetchMock)).toEqual({
      name: "Grace Fellowship",
      address: null,
      phone: "555-0100",
      email: null,
      website: "https://grace.example.org",
      logoUrl: null,
      brandColor: "#0F766E",
      timeZone: "America/Chicago",
      defaultLanguage: null,
      slug: "grace-church",
      publicPage: false,
      bibleReaderPattern: DEFAULT_BIBLE_READER.pattern,
      bibleTranslation: "NIV",
      auditRetentionDays: 730,
      chatRetentionDays: 365,
      notificationRetentionDays: 90,
      removedMemberRetentionDays: 30,
      // An empty privacy contact is sent as none (the privacy page then gives the church's e-mail).
      privacyContact: null,
      emailFallbackHours: 6,
      digestDay: 6,
      digestTime: "17:00",
    });
  });

  it("starts on the saved reader with a preview link built from it", async () => {
    setup();
    const gateway = await screen.findByRole("radio", { name: /Bible Gateway/ });
    expect(gateway.getAttribute("aria-checked")).toBe("true");
    expect((screen.getByLabelText("Translation") as HTMLInputElement).value).toBe("NIV");
    expect(screen.queryByLabelText("Reader link")).toBeNull();
    expect(previewLink().getAttribute("href")).toBe(
      "https://www.biblegateway.com/passage/?search=John%203&version=NIV",
    );
    await userEvent.clear(screen.getByLabelText("Translation"));
    await userEvent.type(screen.getByLabelText("Translation"), "KJV");
    expect(previewLink().getAttribute("href")).toBe(
      "https://www.biblegateway.com/passage/?search=John%203&version=KJV",
    );
  });

  it("ESV.org sets the ESV and links to the passage alone", async () => {
    const fetchMock = setup(SAVES);
    await userEvent.click(await screen.findByRole("radio", { name: /ESV\.org/ }));
    expect((screen.getByLabelText("Translation") as HTMLInputElement).value).toBe("ESV");
    expect(screen.getByText(/ESV\.org doesn't put a translation code in its links/)).toBeTruthy();
    expect(previewLink().getAttribute("href")).toBe("https://www.esv.org/John%203/");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Settings Updated" }));
    expect(putBody(fetchMock)).toMatchObject({
      bibleReaderPattern: "https://www.esv.org/{passage}/",
      bibleTranslation: "ESV",
    });
  });

  it("a custom link shows its field, is checked before saving, and previews with both placeholders", async () => {
    const fetchMock = setup(SAVES);
    await userEvent.click(await screen.findByRole("radio", { name: /Custom link/ }));
    const link = screen.getByLabelText("Reader link") as HTMLInputElement;
    expect(link.value).toBe(DEFAULT_BIBLE_READER.pattern);
    await userEvent.clear(link);
    await userEvent.type(link, "https://bible.example/read");
    expect(screen.queryByRole("link", { name: /Preview: John 3/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("The reader link must contain {passage} where the passage goes")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);

    // userEvent reads "{" as a key name; paste the placeholders instead.
    await userEvent.click(link);
    await userEvent.paste("/{translation}?q={passage}");
    expect(previewLink().getAttribute("href")).toBe("https://bible.example/read/NIV?q=John%203");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Settings Updated" }));
    expect(putBody(fetchMock)).toMatchObject({
      bibleReaderPattern: "https://bible.example/read/{translation}?q={passage}",
      bibleTranslation: "NIV",
    });
  });

  it("refuses a translation that is not a short code", async () => {
    const fetchMock = setup();
    const translation = await screen.findByLabelText("Translation");
    await userEvent.clear(translation);
    await userEvent.type(translation, "New International");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(
      await screen.findByText("Translation must be a short code like NIV, ESV or KJV (letters, digits and hyphens)"),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("shows the server message when saving fails", async () => {
    setup({
      "PUT /api/admin/church/settings": () =>
        jsonResponse({ message: "Logo must be a PNG, JPEG, GIF or WebP image" }, 400),
    });
    await screen.findByLabelText("Church name");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Update Failed",
        description: "Logo must be a PNG, JPEG, GIF or WebP image",
      }),
    );
  });

  it("offers the church's data as a download, saying what it holds", async () => {
    setup();
    const link = await screen.findByRole("link", { name: "Export church data" });
    expect(link.getAttribute("href")).toBe("/api/admin/church-export.zip");
    expect(link.hasAttribute("download")).toBe(true);
    expect(
      screen.getByText(/Members, sermons, events, points, prayer and every other record as CSV files in one ZIP/),
    ).toBeTruthy();
  });
});

describe("ChurchSettingsPage: the default language (issue 26)", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("offers each member's browser as the none choice and sends the chosen defaultLanguage with the settings", async () => {
    const fetchMock = setup(SAVES);
    const select = (await screen.findByLabelText("Default language")) as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(screen.getByRole("option", { name: "Each member's browser language" })).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(select, "ko");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ defaultLanguage: "ko" }));
  });

  it("shows the saved language, and the page in Spanish, then in Arabic right to left", async () => {
    await activateLanguage("es");
    mockFetch({ "/api/admin/church/settings": { ...CHURCH, defaultLanguage: "pt-BR" }, "/api/auth/user": null });
    const { unmount } = renderWithApp(<ChurchSettingsPage />, { user: makeUser(), path: "/admin/settings" });
    const select = (await screen.findByLabelText("Idioma predeterminado")) as HTMLSelectElement;
    expect(select.value).toBe("pt-BR");
    expect(screen.getByRole("heading", { level: 1, name: "Configuración de la iglesia" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Guardar configuración" })).toBeTruthy();
    // Two years of chat and of the audit log; three months of notifications, in days.
    expect(screen.getAllByRole("option", { name: "2 años" })).toHaveLength(2);
    expect(screen.getAllByRole("option", { name: "90 días" })).toHaveLength(3);
    // The digest's days are Intl's, in the language on screen.
    expect(screen.getByRole("option", { name: "sábado" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "6 horas" })).toBeTruthy();
    unmount();

    await activateLanguage("ar");
    setup();
    expect(await screen.findByRole("button", { name: "حفظ الإعدادات" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
