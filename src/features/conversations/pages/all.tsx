import { Form, Link } from "react-router";
import { redirectWithMessage } from "../../../ui/flash.server";
import { formatSingaporeTime } from "../../../shared/format";
import { pagePolicy } from "../../../shared/page-policy";
import { formatPhone } from "../../../shared/phone";
import { siteName } from "../../../ui/meta";
import { ConversationList } from "../components/conversation-list";
import { orRefusal } from "./refusals.server";
import type { Route } from "./+types/all";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Conversations — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const reported = new URL(request.url).searchParams.get("reported") === "1";
  const all = await context.services.conversations.all({ reported });
  return {
    reported,
    blocks: await context.services.conversations.blockLog(context.viewer),
    helperReports: await context.services.conversations.helperReports(context.viewer),
    conversations: all.map((item) => ({
      ...item,
      // Operators read every conversation but mark none read: the unread count is the supplier's.
      with: `${item.family.name} · ${formatPhone(item.family.phone ?? "")} with ${item.supplier.name}`,
    })),
  };
}

/** Any operator lifts any block of the log. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { familyName } = await orRefusal(() => context.services.conversations.liftBlock(context.viewer, String(form.get("blockId") ?? "")));
  return redirectWithMessage(
    context,
    "/admin/conversations",
    `Unblocked ${familyName ?? "a withdrawn family"}: this block is lifted (any other block in force still holds).`,
  );
}

export default function AllConversations({ loaderData }: Route.ComponentProps) {
  const { reported, conversations, blocks, helperReports } = loaderData;
  return (
    <section className="conversations-page" aria-labelledby="all-heading">
      <h1 id="all-heading">{reported ? "Conversations with a reported message" : "Every conversation"}</h1>
      <p>
        {reported ? (
          <Link to="/admin/conversations">Show every conversation</Link>
        ) : (
          <Link to="/admin/conversations?reported=1">Only those with a reported message</Link>
        )}
      </p>
      <ConversationList items={conversations} empty="No conversations." />
      <h2 id="helper-reports">Helpers on their own that families reported</h2>
      {helperReports.length === 0 ? <p>No reports.</p> : null}
      <ul className="block-log">
        {helperReports.map((report, index) => (
          <li key={`${report.helperId}:${index}`}>
            <Link to={`/posts/${report.helperId}`}>
              {report.helperName} ({report.helperRef})
            </Link>{" "}
            · by {report.familyName} on {formatSingaporeTime(report.createdAt)}: “{report.reason}”
          </li>
        ))}
      </ul>
      <h2 id="blocks">Blocks</h2>
      <p className="muted">
        Numbers are typed, not proven: a block may have been turned on an innocent family. Lift any block a family asks about.
      </p>
      {blocks.length === 0 ? <p>No blocks.</p> : null}
      <ul className="block-log">
        {blocks.map((block) => (
          <li key={block.id} data-block-id={block.id}>
            {block.familyName ?? "A withdrawn family (its number kept as a hash)"} ·{" "}
            {block.scope === "everywhere" ? "everywhere" : `from ${block.supplier}`}
            {" · "}by {block.blockedBy ?? "an unknown account"} on {formatSingaporeTime(block.createdAt)}
            {block.reason ? `: “${block.reason}”` : ""}
            {block.liftedAt ? (
              ` · lifted by ${block.liftedBy ?? "an unknown account"} on ${formatSingaporeTime(block.liftedAt)}`
            ) : (
              <Form method="post" className="inline-form">
                <input type="hidden" name="blockId" value={block.id} />
                <button type="submit" className="link-button">
                  Lift this block
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
