import { describe, expect, it } from "vitest";
import { checkErrorLog, errorLogStream, expectErrorLog } from "../support/server-log";

const line = (level: number, msg: string, err?: { message: string; stack?: string }) => `${JSON.stringify({ level, msg, err })}\n`;

describe("the integration tests' check of the server's log", () => {
  it("passes a test whose app logged nothing above a warning", () => {
    errorLogStream.write(line(30, "request completed") + line(40, "Could not prepare the link preview"));
    expect(() => checkErrorLog("while the test ran")).not.toThrow();
  });

  it("fails a test whose app logged an error, naming it with its stack", () => {
    errorLogStream.write(
      line(50, "request failed", { message: "relation does not exist", stack: "Error: relation does not exist\n    at listingPage" }),
    );
    expect(() => checkErrorLog("while the test ran")).toThrow(
      /logged while the test ran: request failed: Error: relation does not exist\n\s+at listingPage/,
    );
    // Each test starts afresh.
    expect(() => checkErrorLog("while the test ran")).not.toThrow();
  });

  it("lets a test expect an error it provokes, and fails it when the error does not come", () => {
    expectErrorLog(/^page failed: Failed query/, "the database was closed on purpose");
    errorLogStream.write(line(50, "page failed", { message: "Failed query: select 1" }));
    expect(() => checkErrorLog("while the test ran")).not.toThrow();
    expectErrorLog(/^page failed/, "the database was closed on purpose");
    expect(() => checkErrorLog("while the test ran")).toThrow(
      /expected \/\^page failed\/ in the log \(the database was closed on purpose\), and it never came/,
    );
  });

  it("does not let an expectation cover a different error", () => {
    expectErrorLog(/^page failed/, "the database was closed on purpose");
    errorLogStream.write(line(50, "page failed", { message: "x" }) + line(60, "outbox pass failed", { message: "y" }));
    expect(() => checkErrorLog("while the test ran")).toThrow(/logged while the test ran: outbox pass failed: y/);
  });

  it("refuses an expectation without a reason", () => {
    expect(() => expectErrorLog(/anything/, " ")).toThrow(/say why/);
  });
});
