/** The contacts feature as the site plugs it in (src/composition/features.ts). */
import { scheduleDailySweep } from "../../server/daily-sweep";
import { defineFeature } from "../../server/feature";
import { contactRoutes } from "./api";
import { createContactService, type ContactServiceDeps } from "./service";

export const contactsFeature = defineFeature({
  name: "contacts",
  service: (deps: ContactServiceDeps) => createContactService(deps),
  api: contactRoutes,
  personalTables: ["contacts", "interest"],
  // Rows past the counts' 30 days go once a day (CONTACT_RECORD_DAYS).
  background: (service, log) =>
    scheduleDailySweep(() => service.sweep(), log, {
      removed: "deleted contacts, views and shortlistings past their retention",
      failed: "contact clean-up failed",
    }),
  tag: {
    name: "contacts",
    description: "Families reaching a supplier about a helper, and views and shortlistings of a biodata, counted for the supplier.",
  },
});
