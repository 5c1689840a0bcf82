/** What the jobs feature needs of other features besides the ground, by type (their services). */
import type { ConversationService } from "../../conversations";
import type { HelperService } from "../../helpers";
import type { PushService } from "../../push";

export interface JobsNeeds {
  conversations: Pick<
    ConversationService,
    "familyFor" | "familyIdOf" | "familyByKey" | "refuseBlocked" | "openFromProposal" | "telegramChats" | "limits"
  >;
  helpers: Pick<HelperService, "idsMatching" | "findMany" | "find">;
  push: Pick<PushService, "accounts">;
}
