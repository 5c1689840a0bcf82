export const FAMILY_FOLDERS: RegExp;
export const SUPPLIER_SIDE: RegExp;
export const FAMILY_PREFIXES: string[];
export function isFamilyKey(key: string): boolean;
