/**
 * Link previews kept in the media storage (disk or the bucket, like uploads), one per version of
 * what they show and family language: `previews/<helper id>.<version>.jpg` in English,
 * `previews/<helper id>.zh-<version>.jpg` in Chinese, the version a hash of the language, name,
 * facts, salary, photo key and site name (link-preview.ts). A request reads the stored picture; only a
 * version nobody asked for yet is drawn, once however many ask at the same moment, and then it
 * replaces the biodata's older versions. Saves draw the new version in the background, and a
 * daily sweep takes away what a biodata no longer shows (a draft, a deleted biodata, a version
 * left behind by a change made outside this code).
 */
import type { HelperRecord } from "../../../shared/helper-types";
import { FAMILY_LOCALES, type FamilyLocale } from "../../../shared/i18n/locales";
import type { MediaStorage } from "../../media";
import { createSettledWork } from "../../../server/settled-work";
import { bufferOf, previewContent, previewVersion, renderPreviewJpeg, type PreviewContent } from "./link-preview";
import { scheduleDailySweep, type SweepLog } from "../../../server/daily-sweep";

/** Saves waiting for their preview; past this, a save's preview is drawn at its first request. */
const MAX_WAITING = 50;

type Log = { warn(details: object, message: string): void };

export interface LinkPreviewsDeps {
  storage: MediaStorage;
  /** The public biodata: undefined for a draft or an unknown id (no preview then). */
  findHelper(id: string): Promise<HelperRecord | undefined>;
  siteName: string;
  log?: Log;
  /** How long a biodata must go without a save before its new preview is drawn (a burst draws one). */
  settleMs: number;
}

const folderOf = (helperId: string) => `previews/${helperId}.`;
const nameOf = (helperId: string, content: PreviewContent) =>
  `${folderOf(helperId)}${content.locale === "en" ? "" : `${content.locale}-`}${previewVersion(content)}.jpg`;
/** The helper id in a stored preview's name. */
const helperIdOf = (name: string) => name.slice("previews/".length).split(".")[0]!;
/** The language of a stored preview, by its name: English versions have no prefix (and are 22 characters). */
const localeOfName = (name: string) => {
  const version = name.slice("previews/".length).split(".")[1] ?? "";
  return version.length > 22 && version.startsWith("zh-") ? "zh" : "en";
};

export function createLinkPreviews({ storage, findHelper, siteName, log, settleMs }: LinkPreviewsDeps) {
  // One lookup per preview name at a time: requests arriving together share the stored copy's
  // read or its single drawing. A request after that finds it stored.
  const loading = new Map<string, Promise<Buffer>>();

  /** Removes a biodata's previews: the other versions in `keep`'s language, or all of them. */
  async function removeOlder(helperId: string, keep?: string): Promise<void> {
    for (const name of await storage.list(folderOf(helperId))) {
      if (name === keep || (keep !== undefined && localeOfName(name) !== localeOfName(keep))) continue;
      await storage.delete(name);
    }
  }

  function load(helperId: string, content: PreviewContent): Promise<Buffer> {
    const name = nameOf(helperId, content);
    let flight = loading.get(name);
    if (!flight) {
      flight = (async () => {
        const stored = await storage.get(name);
        if (stored) return bufferOf(stored.body);
        const jpeg = await renderPreviewJpeg(content, storage);
        await storage.put(name, jpeg, "image/jpeg");
        removeOlder(helperId, name).catch((error: unknown) => log?.warn({ err: error, helperId }, "Could not remove an old link preview"));
        return jpeg;
      })().finally(() => loading.delete(name));
      loading.set(name, flight);
    }
    return flight;
  }

  /** Draws a saved biodata's preview, or removes its previews when it is no longer public. */
  async function refresh(helperId: string): Promise<void> {
    const helper = await findHelper(helperId);
    if (!helper) return removeOlder(helperId);
    for (const locale of FAMILY_LOCALES) await load(helperId, previewContent(helper, siteName, locale));
  }

  // Saves waiting for their preview, drawn one at a time once the biodata has had no save for a
  // moment (settled-work.ts); past MAX_WAITING, a save's preview is drawn at its first request.
  const waiting = createSettledWork<null>({
    settleMs,
    maxWaiting: MAX_WAITING,
    run: (helperId) =>
      refresh(helperId).catch((error: unknown) => log?.warn({ err: error, helperId }, "Could not prepare the link preview")),
  });

  return {
    /** A public biodata's preview JPEG in a family language, drawn only if this version was never stored. */
    async get(helperId: string, locale: FamilyLocale = "en"): Promise<Buffer | undefined> {
      const helper = await findHelper(helperId);
      return helper ? load(helperId, previewContent(helper, siteName, locale)) : undefined;
    },
    /** After a save or a deletion has committed: the new version is drawn, old ones go. */
    prepare: (helperId: string): void => waiting.add(helperId, null),
    /** Ends the background drawing (the app is closing): waits for the preview under way. */
    stop: () => waiting.stop(),
    /** Removes every stored preview no public biodata shows as it is now. */
    async sweep(): Promise<{ deleted: number }> {
      const byHelper = new Map<string, string[]>();
      for (const name of await storage.list("previews/")) {
        const helperId = helperIdOf(name);
        byHelper.set(helperId, [...(byHelper.get(helperId) ?? []), name]);
      }
      let deleted = 0;
      for (const [helperId, names] of byHelper) {
        const helper = await findHelper(helperId);
        const current = new Set(helper ? FAMILY_LOCALES.map((locale) => nameOf(helperId, previewContent(helper, siteName, locale))) : []);
        for (const name of names) {
          if (current.has(name)) continue;
          await storage.delete(name);
          deleted += 1;
        }
      }
      return { deleted };
    },
  };
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>;

/** The sweep at start and then daily, beside the sweep of unused uploads. */
export function schedulePreviewSweep(previews: Pick<LinkPreviews, "sweep">, log: SweepLog): () => void {
  return scheduleDailySweep(() => previews.sweep(), log, {
    removed: "deleted link previews nothing shows",
    failed: "link preview sweep failed",
  });
}
