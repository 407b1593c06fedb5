import { describe, expect, it } from "vitest";
import { getSermonThumbnailUrl } from "./sermon-thumbnail";

const YT = "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg";

describe("a sermon's thumbnail from its video address", () => {
  it("reads the YouTube id from watch, short, embed, shorts, live and nocookie addresses", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ?t=10",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/live/dQw4w9WgXcQ",
    ]) {
      expect(getSermonThumbnailUrl(url), url).toBe(YT);
    }
  });

  it("reads the Vimeo id from the page and the player address", () => {
    expect(getSermonThumbnailUrl("https://vimeo.com/76979871")).toBe("https://vumbnail.com/76979871.jpg");
    expect(getSermonThumbnailUrl("https://player.vimeo.com/video/76979871?h=abc")).toBe(
      "https://vumbnail.com/76979871.jpg",
    );
  });

  it("has none for other recordings, no recording, or an id that is not one", () => {
    expect(getSermonThumbnailUrl(null)).toBeNull();
    expect(getSermonThumbnailUrl(undefined)).toBeNull();
    expect(getSermonThumbnailUrl("")).toBeNull();
    expect(getSermonThumbnailUrl("https://cdn.example.org/sermon.mp4")).toBeNull();
    expect(getSermonThumbnailUrl("https://www.facebook.com/church/videos/123")).toBeNull();
    expect(getSermonThumbnailUrl("https://www.youtube.com/channel/UC123")).toBeNull();
    expect(getSermonThumbnailUrl("https://youtu.be/")).toBeNull();
    expect(getSermonThumbnailUrl("https://vimeo.com/channels/staffpicks")).toBeNull();
    expect(getSermonThumbnailUrl("not a url")).toBeNull();
  });
});
