export interface LineRule {
  pattern: RegExp;
  why: string;
}
export const CLOCK_READS: LineRule[];
export function findLines(source: string, file: string, rules: readonly LineRule[]): string[];
export function findImpurities(source: string, file: string): string[];
export function sourceFiles(dir: string): Generator<string>;
