import { useEffect, useState } from "react";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { pushIsOn, pushSupport, turnPushOff, turnPushOn } from "./push-browser";

/** What this browser can do and has done, read once the page runs its script. */
async function browserState(api: string): Promise<State> {
  const support = pushSupport();
  if (support === "no") return "unsupported";
  if (support === "ios-install") return "ios-install";
  if (await pushIsOn(api)) return "on";
  return Notification.permission === "denied" ? "denied" : "off";
}

type State = "no-script" | "unsupported" | "ios-install" | "off" | "on" | "working" | "denied" | "failed";

/**
 * "Notices": web push turned on and off in this browser, for the family (its space) or the
 * signed-in account (the inbox). Without script the section says notices need it; the browser's
 * permission is asked only when the button is pressed, under the sentence saying what is sent.
 */
export function PushNotices({ api, publicKey, explained }: { api: string; publicKey: string; explained: string }) {
  const [state, setState] = useState<State>("no-script");
  useEffect(() => {
    let shown = true;
    void browserState(api).then((read) => shown && setState(read));
    return () => {
      shown = false;
    };
  }, [api]);

  async function press() {
    const was = state;
    setState("working");
    if (was === "on") {
      await turnPushOff(api);
      setState("off");
    } else setState(await turnPushOn(api, publicKey));
  }

  const on = state === "on";
  return (
    <section className="push-notices" aria-labelledby="push-notices-heading" data-state={state}>
      <h2 id="push-notices-heading">{m.push_notices_heading()}</h2>
      <p>{explained}</p>
      {state === "no-script" ? <p className="muted">{m.push_notices_needs_script()}</p> : null}
      {state === "unsupported" ? <p className="muted">{m.push_notices_unsupported()}</p> : null}
      {state === "ios-install" ? <p className="muted">{m.push_notices_ios()}</p> : null}
      {state === "denied" ? (
        <p className="form-error" role="alert">
          {m.push_notices_denied()}
        </p>
      ) : null}
      {state === "failed" ? (
        <p className="form-error" role="alert">
          {m.push_notices_failed()}
        </p>
      ) : null}
      {state === "on" || state === "off" || state === "working" || state === "denied" || state === "failed" ? (
        <p className="push-notices-actions">
          <span role="status">{on ? m.push_notices_on() : state === "working" ? "" : m.push_notices_off()}</span>
          <button type="button" className={on ? "button" : "button primary"} disabled={state === "working"} onClick={() => void press()}>
            {state === "working" ? m.push_notices_working() : on ? m.push_notices_turn_off() : m.push_notices_turn_on()}
          </button>
        </p>
      ) : null}
    </section>
  );
}
