import { weeklyActionSteps } from "../../db/schema/growth";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** The weekly action steps. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const ACTION_STEPS_DATA_KINDS: TDataKind[] = [
  {
    file: "action-steps.csv",
    about: "The weekly action steps (completions are in points.csv, kind action_step).",
    fields: {
      id: weeklyActionSteps.id,
      weekOf: weeklyActionSteps.weekOf,
      title: weeklyActionSteps.title,
      description: weeklyActionSteps.description,
      createdBy: weeklyActionSteps.createdBy,
      createdAt: weeklyActionSteps.createdAt,
      updatedAt: weeklyActionSteps.updatedAt,
    },
    keys: ["id"],
    table: weeklyActionSteps,
    where: (ctx) => inChurch(weeklyActionSteps, ctx),
    memberColumn: null,
  },
];
