// Made by scripts/supplier-words-plugin.ts at build time, for the browser only.
declare module "virtual:supplier-words/*" {
  /** The family folders' messages in one supplier language, by key. */
  const words: Record<string, (inputs: never) => string>;
  export default words;
}
