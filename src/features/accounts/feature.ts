/** Suppliers' and operators' accounts as the site plugs them in (src/composition/features.ts). */
import { defineFeature, type FeatureGround } from "../../server/feature";
import type { ImageUsedElsewhere, MediaStorage } from "../media";
import { authRoutes } from "./api";
import type { Auth } from "./server/auth";
import type { PasswordCheckLimiter } from "./server/password-check-limit";
import { createAccountService } from "./service";

export interface AccountNeeds {
  /** better-auth on the site's configuration and secret (made by the composition root: it holds secrets). */
  auth: Auth;
  storage: MediaStorage;
  passwordChecks: PasswordCheckLimiter;
  /** Whether a biodata shows an image: a replaced avatar's files stay while one does. */
  imageUsedElsewhere: ImageUsedElsewhere;
}

export const accountsFeature = defineFeature({
  name: "accounts",
  service: (ground: FeatureGround & AccountNeeds) => ({
    ...createAccountService({
      mail: { siteName: ground.site.name, publicUrl: ground.site.publicUrl, channels: ground.site.channels },
      db: ground.db,
      auth: ground.auth,
      storage: ground.storage,
      passwordChecks: ground.passwordChecks,
      imageUsedElsewhere: ground.imageUsedElsewhere,
      contactPhone: ground.settings.contactPhone,
      // The user row's trigger announces a change to every instance; the supplier reloading their
      // biodata here sees the new details at once, whatever the notification's delay.
      publicChanged: ground.announced,
    }),
    /** Resolves once the work started after an answer (a reset request, a mail queued) is done. */
    settled: () => ground.auth.settled(),
  }),
  api: (app, { service }) => authRoutes(app, { handler: service.handleAuthRequest }),
  close: (service) => service.settled(),
});
