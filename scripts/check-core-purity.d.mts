export function findImpurities(source: string, file: string): string[];
