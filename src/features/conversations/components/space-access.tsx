/**
 * How a family opens its space on its other devices, as its space shows it: its e-mail (given,
 * then confirmed by a mailed link), a QR code for a phone's camera, its private link, and the
 * devices signed in. On a browser with no space yet: the form that mails a sign-in link to a
 * confirmed address, and (past the gate) the form that begins a space with an e-mail. Plain
 * forms: each works without script.
 */
import { Form } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";
import { FieldErrorText } from "../../../ui/field";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { FamilyDevice } from "../server/family-access";

/** What a form of the space answers. */
export type SpaceAnswer =
  | { done: "revoked" | "email-sent" | "sign-in-sent" | "device-removed" }
  | { done: "code"; url: string; expiresAt: string; svg: string }
  | { error: string; fields: Record<string, string>; intent?: string };

export interface SpaceAccount {
  link: string | null;
  email: string | null;
  emailVerified: boolean;
  devices: FamilyDevice[];
  thisDevice: string | null;
}

function Refusal({ answer, field, id }: { answer: SpaceAnswer | undefined; field?: string; id?: string }) {
  if (!answer || !("error" in answer)) return null;
  const text = field ? answer.fields[field] : Object.keys(answer.fields).length === 0 ? answer.error : undefined;
  if (!text) return null;
  return field ? (
    <FieldErrorText id={id} text={text} />
  ) : (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

/** What each e-mail form's success says, by the answer it is given. */
const SENT = {
  email: { done: "email-sent", words: () => m.conversations_email_sent() },
  "sign-in": { done: "sign-in-sent", words: () => m.conversations_sign_in_sent() },
} as const;

function EmailForm({
  intent,
  label,
  hint,
  button,
  answer,
}: {
  intent: "email" | "sign-in";
  label: string;
  hint: string;
  button: string;
  answer?: SpaceAnswer;
}) {
  const sent = answer && "done" in answer && answer.done === SENT[intent].done;
  const id = `${intent}-email`;
  // Both forms of a page name their field "email": a refusal is shown by the form that was sent.
  const own = answer && "error" in answer && answer.intent === intent ? answer : undefined;
  const invalid = own?.fields.email ? true : undefined;
  return (
    <>
      {sent ? (
        <p className="form-success" role="status">
          {SENT[intent].words()}
        </p>
      ) : null}
      <Form method="post" className="form space-form">
        <input type="hidden" name="intent" value={intent} />
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="hint">
            {hint}
          </p>
          <Refusal answer={own} field="email" id={`${id}-error`} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button primary">
            {button}
          </button>
        </div>
      </Form>
    </>
  );
}

export function SpaceAccess({ account, answer }: { account: SpaceAccount; answer: SpaceAnswer | undefined }) {
  const done = answer && "done" in answer ? answer : undefined;
  return (
    <section className="space-access" aria-labelledby="space-devices-heading">
      <h2 id="space-devices-heading">{m.conversations_devices_heading()}</h2>
      <Refusal answer={answer} />

      <h3>{m.conversations_email_heading()}</h3>
      {account.email && account.emailVerified ? (
        <p>{m.conversations_email_verified({ email: account.email })}</p>
      ) : account.email ? (
        <p>{m.conversations_email_unverified({ email: account.email })}</p>
      ) : (
        <p>{m.conversations_email_none()}</p>
      )}
      <EmailForm
        intent="email"
        label={account.emailVerified ? m.conversations_email_change_label() : m.conversations_email_give_label()}
        hint={m.conversations_email_consent()}
        button={m.conversations_email_send_confirmation()}
        answer={answer}
      />

      <h3>{m.conversations_code_heading()}</h3>
      <p>{m.conversations_code_hint()}</p>
      {done?.done === "code" ? (
        <div className="sign-in-code" role="status">
          {/* The QR code is drawn on the server from the address below it (qrcode's SVG). */}
          <div className="qr" role="img" aria-label={m.conversations_code_label()} dangerouslySetInnerHTML={{ __html: done.svg }} />
          <p>{m.conversations_code_expires({ time: formatSingaporeTime(done.expiresAt) })}</p>
          <p>
            <input className="link-box" readOnly value={done.url} aria-label={m.conversations_code_label()} />
          </p>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="code" />
        <button type="submit" className="button">
          {m.conversations_code_show()}
        </button>
      </Form>

      {account.link ? (
        <div className="private-link">
          <h3>{m.conversations_private_link()}</h3>
          <p>{m.conversations_private_link_hint()}</p>
          <p>
            <input className="link-box" readOnly value={account.link} aria-label={m.conversations_private_link()} />
          </p>
          {done?.done === "revoked" ? <p role="status">{m.conversations_link_revoked()}</p> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <button type="submit" className="button">
              {m.conversations_new_link()}
            </button>
          </Form>
        </div>
      ) : null}

      <h3>{m.conversations_devices_signed_in()}</h3>
      {done?.done === "device-removed" ? (
        <p className="form-success" role="status">
          {m.conversations_device_removed()}
        </p>
      ) : null}
      {account.devices.length === 0 ? (
        <p>{m.conversations_devices_none()}</p>
      ) : (
        <ul className="space-devices">
          {account.devices.map((device) => (
            <li key={device.id}>
              <span>
                {device.id === account.thisDevice ? `${device.label} ${m.conversations_device_this()}` : device.label}
                <span className="muted"> {m.conversations_device_since({ time: formatSingaporeTime(device.createdAt) })}</span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-device" />
                <input type="hidden" name="device" value={device.id} />
                <button type="submit" className="button">
                  {m.conversations_device_remove()}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A browser with no space: ask for a sign-in link, or (past the gate) begin a space with an e-mail. */
export function SpaceSignIn({ answer, pastGate }: { answer: SpaceAnswer | undefined; pastGate: boolean }) {
  return (
    <section className="space-access" aria-labelledby="space-sign-in-heading">
      <h2 id="space-sign-in-heading">{m.conversations_sign_in_heading()}</h2>
      <p>{m.conversations_sign_in_intro()}</p>
      <Refusal answer={answer} />
      <EmailForm
        intent="sign-in"
        label={m.conversations_sign_in_label()}
        hint={m.conversations_sign_in_hint()}
        button={m.conversations_sign_in_send()}
        answer={answer}
      />
      {pastGate ? (
        <>
          <h2>{m.conversations_email_begin_heading()}</h2>
          <EmailForm
            intent="email"
            label={m.conversations_email_give_label()}
            hint={m.conversations_email_consent()}
            button={m.conversations_email_send_confirmation()}
            answer={answer}
          />
        </>
      ) : null}
    </section>
  );
}
