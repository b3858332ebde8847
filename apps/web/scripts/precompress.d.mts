export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string>;
export const MIN_BYTES: number;
export function precompress(dir: string): Promise<string[]>;
