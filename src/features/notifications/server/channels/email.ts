/** E-mail over SMTP (SMTP_URL): to support's address, or to the person a message is for. */
import nodemailer from "nodemailer";
import type { Config } from "../../../../server/config";
import { abortable } from "./abortable";
import type { Deliver } from "./delivery";
import { mailOptions } from "./mail-message";

/** A server that does not answer must not hold a delivery (and the worker's lease) for long. */
const TIMEOUT_MS = 15_000;

export function emailChannel(config: Config, smtpUrl: string): { deliver: Deliver; close(): void } {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async deliver(message, context) {
      await abortable(transport.sendMail(mailOptions(config, message, context)), context.signal);
    },
    close: () => transport.close(),
  };
}
