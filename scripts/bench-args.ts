/** Command-line options the benchmarks share. */

/** A `--name` option that must be a positive whole number; anything else stops the benchmark. */
export function positiveOption(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(1);
  }
  return value;
}
