/**
 * An account's role (docs/glossary.md): a supplier publishes many biodata, a helper her own one
 * (a direct hire), an operator runs the site. Stored as text; anything unknown reads as a supplier.
 */
export const roles = ["supplier", "helper", "operator"] as const;
export type Role = (typeof roles)[number];

export function roleOf(value: unknown): Role {
  return value === "operator" || value === "helper" ? value : "supplier";
}

/** The roles an account may choose at sign-up; an operator is made from the command line only. */
export type SignUpRole = Exclude<Role, "operator">;
