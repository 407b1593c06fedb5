import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeSermon } from "@/test/fixtures";
import { makeUser, renderWithApp } from "@/test/render";
import { SermonCard } from "./sermon-card";

const YT = "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg";

function renderCard(sermon = makeSermon(), linkSeries?: boolean) {
  return renderWithApp(
    <ul>
      <SermonCard sermon={sermon} linkSeries={linkSeries} />
    </ul>,
    { user: makeUser({ role: "CONGREGANT" }), path: "/sermons" },
  );
}

describe("SermonCard's picture", () => {
  it("shows the video's thumbnail, lazily, at a fixed size and as decoration beside the title", () => {
    const { container } = renderCard(makeSermon({ videoUrl: "https://youtu.be/dQw4w9WgXcQ", thumbnailUrl: YT }));
    const img = container.querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe(YT);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("width")).toBe("480");
    expect(img.getAttribute("height")).toBe("270");
    expect(img.getAttribute("alt")).toBe("");
    expect(screen.queryByTestId("sermon-placeholder")).toBeNull();
  });

  it("draws the church-colored placeholder with the series name when there is no thumbnail", () => {
    const { container } = renderCard(makeSermon({ series: "Romans Road", thumbnailUrl: null }));
    expect(container.querySelector("img")).toBeNull();
    const placeholder = screen.getByTestId("sermon-placeholder");
    expect(placeholder.className).toContain("from-primary");
    expect(placeholder.getAttribute("aria-hidden")).toBe("true");
    expect(placeholder.textContent).toBe("Romans Road");
  });

  it("falls back to the placeholder when the thumbnail cannot be loaded", () => {
    const { container } = renderCard(makeSermon({ thumbnailUrl: "https://vumbnail.com/1.jpg" }));
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("sermon-placeholder")).toBeTruthy();
  });
});

describe("SermonCard's series", () => {
  it("links the series name to the series page, apart from the link to the sermon", () => {
    renderCard(makeSermon({ series: "Faith & Works" }));
    expect(screen.getByRole("link", { name: "Series: Faith & Works" }).getAttribute("href")).toBe(
      "/sermons/series/Faith%20%26%20Works",
    );
    expect(screen.getByRole("link", { name: "Hope in the Storm" }).getAttribute("href")).toBe("/sermons/s1");
  });

  it("shows the series as text on the series page itself", () => {
    renderCard(makeSermon({ series: "Romans Road" }), false);
    expect(screen.queryByRole("link", { name: /Series:/ })).toBeNull();
    expect(screen.getAllByText("Romans Road").length).toBeGreaterThan(0);
  });
});
