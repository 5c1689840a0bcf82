/**
 * What an operator adds to a conversation's page: the supplier's name, hidden messages marked,
 * hiding and showing a message, and the blocks. The operator's screens are in English
 * (decision 119), so their words are written here rather than in the catalogue.
 */
import { Form } from "react-router";
import type { ShownMessage } from "./message-rules";
import { BlockInForce, ConfirmBlock } from "./thread-view";

export function OperatorWith({ family, supplier }: { family: { name: string; phoneShown: string } | null; supplier: string }) {
  return (
    <>
      {family ? `${family.name} · ${family.phoneShown}` : null}
      {` · supplier ${supplier}`}
    </>
  );
}

export const operatorMarks = (message: ShownMessage): string =>
  `${message.hidden ? " · Hidden" : ""}${message.reported ? " · Reported" : ""}`;

export function OperatorMessageControls({ message }: { message: ShownMessage }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={message.hidden ? "show" : "hide"} />
      <input type="hidden" name="messageId" value={message.id} />
      <button type="submit" className="link-button">
        {message.hidden ? "Show again" : "Hide"}
      </button>
    </Form>
  );
}

/** The operator's blocks of the family (everywhere) and the supplier (from messaging): each shows only what it can do now. */
export function OperatorThreadActions(props: { family: string; supplier: string; familyBlocked: boolean; supplierBlocked: boolean }) {
  const { family, supplier } = props;
  return (
    <div className="conversation-actions">
      {props.familyBlocked ? (
        <BlockInForce
          state={`${family} is blocked everywhere: they cannot write to any supplier on the site.`}
          lift={`Unblock ${family}`}
          fields={{ intent: "unblock-family" }}
        />
      ) : (
        <ConfirmBlock
          open="Block the family everywhere"
          question={`Block ${family} everywhere?`}
          follows="They will no longer be able to write to any supplier on the site, from this number or from their browsers, and are told how to ask for the block to be lifted. The block goes in the log on Conversations, where any operator can lift it."
          reasonLabel="Why (kept in the block log)"
          confirm={`Yes, block ${family} everywhere`}
          fields={{ intent: "block-family" }}
        />
      )}
      {props.supplierBlocked ? (
        <BlockInForce
          state={`${supplier} is blocked from messaging: they cannot write in any conversation, and families cannot start one with them.`}
          lift={`Unblock ${supplier}`}
          fields={{ intent: "unblock-supplier" }}
        />
      ) : (
        <ConfirmBlock
          open="Block the supplier from messaging"
          question={`Block ${supplier} from messaging?`}
          follows="They will no longer be able to write in any of their conversations, and families can no longer start one with them. Their biodata stay listed."
          confirm={`Yes, block ${supplier}`}
          fields={{ intent: "block-supplier" }}
        />
      )}
    </div>
  );
}
