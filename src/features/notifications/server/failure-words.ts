/**
 * A failed delivery's error in words an operator can act on ("The mail server refused the
 * connection"); the raw error stays beside it for whoever wants the detail.
 */
const SERVICE: Record<string, string> = {
  email: "mail server",
  telegram: "Telegram",
  file: "outbox folder",
  push: "browsers' push service",
};

const REASONS: [RegExp, (service: string) => string][] = [
  [/ECONNREFUSED|connection refused/i, (s) => `The ${s} refused the connection`],
  [/ETIMEDOUT|ESOCKET.*timeout|timed? ?out|Greeting never received/i, (s) => `The ${s} did not answer in time`],
  [/ENOTFOUND|EAI_AGAIN|getaddrinfo/i, (s) => `The ${s}'s address could not be found`],
  [/ECONNRESET|EPIPE|socket hang up|Connection closed/i, (s) => `The connection to the ${s} was cut off`],
  [/EAUTH|Invalid login|authentication|\b53[05]\b/i, () => "The mail server did not accept the site's user name or password"],
  [/certificate|self[- ]signed|TLS|SSL/i, (s) => `The ${s}'s secure connection could not be checked (certificate)`],
  [/Telegram answered 40[13]/i, () => "Telegram did not accept the bot's token, or the bot may not write to that chat"],
  [/Telegram answered 400/i, () => "Telegram refused the message (check the chat id)"],
  [/Telegram answered 429/i, () => "Telegram asked the site to send fewer messages for a while"],
  [/Telegram answered 5\d\d/i, () => "Telegram had a problem of its own"],
  [/no answer within \d+ ms/i, (s) => `The ${s} did not answer in time`],
  [
    /Web push failed: .* answered (401|403)/i,
    () => "The push service refused the site's key (are VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY the same on every instance?)",
  ],
  [/Web push failed: .* answered (429|5\d\d)/i, () => "The browsers' push service was busy or had a problem of its own"],
  [/ENOSPC/i, () => "The disk is full: the mail could not be written to the outbox folder"],
  [/EACCES|EPERM|EROFS/i, () => "The site may not write to the outbox folder"],
  [/EENVELOPE|\b55\d\b|rejected|refused/i, (s) => `The ${s} refused the message`],
  [/aborted by stop/i, () => "The site stopped while sending; it will send again"],
];

export function failureInWords(channel: string, lastError: string | null): string {
  const service = SERVICE[channel] ?? channel;
  if (!lastError) return `The ${service} could not be reached`;
  for (const [pattern, words] of REASONS) if (pattern.test(lastError)) return words(service);
  return `Sending through the ${service} failed`;
}
