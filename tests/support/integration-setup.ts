/**
 * Registered for the integration projects (vitest.config.ts): each test fails on a server error
 * it did not expect (server-log.ts), and each file on one logged outside its tests.
 */
import { afterAll, afterEach } from "vitest";
import { checkErrorLog } from "./server-log";

afterEach(() => checkErrorLog("while the test ran"));
afterAll(() => checkErrorLog("outside the file's tests (before them, after them, or while the apps closed)"));
