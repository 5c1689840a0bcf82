/** What the jobs' pages read on the server: the family's key in the browser's cookies, and the cookie that keeps a new one. */
export { familyCookie, familyKeyFromCookies } from "../../conversations";
