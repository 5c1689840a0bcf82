/** The contacts feature as the site sees it: one line in src/server/features.ts plugs it in. */
import { defineFeature } from "../../server/feature";
import { contactRoutes } from "./api";
import { createContactService, type ContactServiceDeps } from "./service";

export const contactsFeature = defineFeature({
  name: "contacts",
  service: (deps: ContactServiceDeps) => createContactService(deps),
  api: contactRoutes,
  tag: {
    name: "contacts",
    description: "Families reaching a supplier about a helper, and views and shortlistings of a biodata, counted for the supplier.",
  },
});

export { COUNTED_DAYS, type ContactService, type InterestCounts } from "./service";
