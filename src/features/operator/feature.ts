/** The operators' screens and API as the site plugs them in (src/composition/features.ts). */
import { defineFeature, type FeatureGround } from "../../server/feature";
import type { HelperService } from "../helpers";
import type { LeadService } from "../leads";
import { operatorRoutes } from "./api";
import { createOperatorService } from "./service";

export interface OperatorNeeds {
  helpers: Pick<HelperService, "everyBiodata" | "suppliersWithBiodata">;
  /** The leads' list and export, which check the operator themselves. */
  leads: LeadService;
}

export const operatorFeature = defineFeature({
  name: "operator",
  service: (ground: FeatureGround & OperatorNeeds) => ({
    ...createOperatorService({ db: ground.db, helpers: ground.helpers, announced: ground.announced }),
    leads: ground.leads,
  }),
  api: (app, { service }) => operatorRoutes(app, { operator: service, leads: service.leads }),
});
