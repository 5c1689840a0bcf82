/**
 * Features that plug in by themselves: each adds its service to the services and its routes to
 * the app. Adding one is its folder under src/features/ and its line here (decision 095).
 */
import { contactsFeature } from "../features/contacts";
import { conversationsFeature } from "../features/conversations";
import { leadsFeature } from "../features/leads";
import { mediaFeature } from "../features/media";

/** In the order their services are made: one may ask for an earlier one's. */
export const pluggedFeatures = [mediaFeature, leadsFeature, contactsFeature, conversationsFeature] as const;

type Plugged = (typeof pluggedFeatures)[number];

/** The services of the plugged-in features, by name. */
export type PluggedServices = { [F in Plugged as F["name"]]: ReturnType<F["service"]> };
