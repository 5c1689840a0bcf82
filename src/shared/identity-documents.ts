/**
 * The kinds of document an operator may see to check a helper's identity (decision 197). Only
 * the kind is recorded, never the document's number nor a copy (decision 160).
 */
import { m } from "./i18n/compiled/messages.js";

export const identityDocuments = ["passport", "work-permit", "national-id", "other"] as const;
export type IdentityDocument = (typeof identityDocuments)[number];

export function isIdentityDocument(value: unknown): value is IdentityDocument {
  return (identityDocuments as readonly unknown[]).includes(value);
}

export function identityDocumentLabel(kind: string): string {
  return m.shared_identity_document({ kind });
}

/** What a biodata page says of a direct hire's identity: checked (when, which document) or not yet. */
export interface IdentityCheck {
  documentKind: IdentityDocument;
  /** ISO */
  checkedAt: string;
}
