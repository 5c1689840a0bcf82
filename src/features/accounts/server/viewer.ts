import type { Role } from "../../../shared/roles";

/** Who is making a request, as every route and page sees it: set from the session cookie. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  role: Role;
  image: string | null;
  /** The language chosen for the supplier's own pages; null: English (decision 113). */
  locale: string | null;
}

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
