/**
 * What the test apps log at error level and above. An integration test fails if a server error
 * was logged while it ran and it did not say it expected one (integration-setup.ts checks after
 * each test), as a browser test fails on a console error (docs/decisions/025): a 500 a test does
 * not look at, or a background task that failed, shows instead of passing quietly.
 */

/** Pino's numbers for "error" and "fatal". */
const ERROR_LEVEL = 50;

interface LoggedError {
  /** The line's message and its error's, which an expectation is matched against. */
  text: string;
  /** What a failure prints: the message and the error's stack. */
  details: string;
}

interface Expectation {
  pattern: RegExp;
  reason: string;
  seen: boolean;
}

const logged: LoggedError[] = [];
let expected: Expectation[] = [];

interface LogLine {
  level?: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string } | string;
}

function record(json: string): void {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    logged.push({ text: json, details: `a log line that is not JSON: ${json}` });
    return;
  }
  if ((line.level ?? 0) < ERROR_LEVEL) return;
  const err = typeof line.err === "string" ? { message: line.err } : line.err;
  const text = [line.msg, err?.message].filter(Boolean).join(": ");
  const stack = err?.stack?.split("\n").slice(0, 12).join("\n      ");
  logged.push({ text, details: stack ? `${line.msg ?? ""}: ${stack}` : text });
}

/** The destination of every test app's log (pino writes one JSON line per call). */
export const errorLogStream = {
  write(chunk: string): void {
    for (const json of chunk.split("\n")) if (json.trim()) record(json);
  },
};

/**
 * The one opt-out: a test that provokes a server error on purpose names what the log says
 * (matched against the line's message and its error's) and why. It fails if no such line comes.
 */
export function expectErrorLog(pattern: RegExp, reason: string): void {
  if (!reason.trim()) throw new Error("say why the test expects this error in the log");
  expected.push({ pattern, reason, seen: false });
}

/**
 * Throws, naming each line, if an error was logged that no expectation of the test covers, or
 * if an expected one never came; then starts afresh for the next test.
 */
export function checkErrorLog(when: string): void {
  const lines = logged.splice(0);
  const expectations = expected;
  expected = [];
  const unexpected = lines.filter((line) => {
    const covering = expectations.filter((expectation) => expectation.pattern.test(line.text));
    for (const expectation of covering) expectation.seen = true;
    return covering.length === 0;
  });
  const problems = [
    ...unexpected.map((line) => `logged ${when}: ${line.details}`),
    ...expectations
      .filter((expectation) => !expectation.seen)
      .map((expectation) => `expected ${expectation.pattern} in the log (${expectation.reason}), and it never came`),
  ];
  if (problems.length > 0) throw new Error(`The server logged errors:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
}
