/** The suppliers feature as the site plugs it in (src/composition/features.ts). */
import { defineFeature, on, type FeatureGround } from "../../server/feature";
import { publicRule } from "../accounts";
import { biodataChanged, type HelperService } from "../helpers";
import { supplierRoutes } from "./api";
import { createSupplierService } from "./service";

export const suppliersFeature = defineFeature({
  name: "suppliers",
  service: (ground: FeatureGround & { helpers: HelperService }) =>
    createSupplierService({ db: ground.db, rule: publicRule(ground), helpers: ground.helpers, announced: ground.announced }),
  api: (app, { service }) => supplierRoutes(app, { suppliers: service }),
  // The list of suppliers counts their listed biodata.
  listens: (service) => [on(biodataChanged, () => service.invalidate())],
});
