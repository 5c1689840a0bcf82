export function buildState(root?: string): { buildDir: string; missing: string[]; newerSource: string | undefined };
