export const MIN_SECRET_LENGTH: number;
export const ALLOWED: { value: string; files?: string[]; why: string }[];
export function findSecrets(source: string, file: string): string[];
export function repositoryFiles(root: string): string[];
export function scanRepository(root: string): string[];
