import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { makeGroup } from "../test-fixtures";
import { GroupCard } from "./group-card";

function show(role: "CONGREGANT" | "ADMIN", leaders = makeGroup().leaders) {
  mockFetch({});
  renderWithApp(
    <ul>
      <GroupCard group={makeGroup({ leaders })} />
    </ul>,
    { user: makeUser({ role }) },
  );
}

describe("GroupCard: a group without a leader", () => {
  it("tells an admin it needs one", async () => {
    show("ADMIN", []);
    expect(await screen.findByText("No leader: name one")).toBeTruthy();
    expect(screen.queryByText(/Led by/)).toBeNull();
  });

  it("says nothing of it to a member, and names the leaders when there are some", async () => {
    show("CONGREGANT", []);
    expect(await screen.findByRole("heading", { name: "Tuesday Bible Study" })).toBeTruthy();
    expect(screen.queryByText("No leader: name one")).toBeNull();
  });

  it("shows an admin who leads a led group", async () => {
    show("ADMIN");
    expect(await screen.findByText("Led by Ruth Park")).toBeTruthy();
    expect(screen.queryByText("No leader: name one")).toBeNull();
  });
});
