export const WORKSPACES: string[];
export function packageOf(specifier: string): string | undefined;
export function importedPackages(source: string): Set<string>;
export function undeclaredImports(root: string): string[];
