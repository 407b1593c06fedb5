import { integrationPeople, integrations } from "../../db/schema/integrations";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Connected providers and the people their syncs saw. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const INTEGRATIONS_DATA_KINDS: TDataKind[] = [
  {
    file: "integrations.csv",
    about: "Connected providers: platform, status and the last sync's counts (never a key or webhook secret).",
    fields: {
      id: integrations.id,
      platform: integrations.platform,
      isActive: integrations.isActive,
      syncStatus: integrations.syncStatus,
      lastSync: integrations.lastSync,
      lastError: integrations.lastError,
      seen: integrations.seen,
      added: integrations.added,
      updated: integrations.updated,
      skipped: integrations.skipped,
      createdAt: integrations.createdAt,
      updatedAt: integrations.updatedAt,
    },
    keys: ["id"],
    table: integrations,
    where: (ctx) => inChurch(integrations, ctx),
    memberColumn: null,
  },
  {
    file: "integration-people.csv",
    about: "People the providers' syncs saw, and the member they are.",
    fields: {
      integrationId: integrationPeople.integrationId,
      externalId: integrationPeople.externalId,
      email: integrationPeople.email,
      firstName: integrationPeople.firstName,
      lastName: integrationPeople.lastName,
      userId: integrationPeople.userId,
      seenAt: integrationPeople.seenAt,
    },
    keys: ["integrationId", "externalId"],
    table: integrationPeople,
    where: (ctx) => inChurch(integrationPeople, ctx),
    memberColumn: integrationPeople.userId,
  },
];
