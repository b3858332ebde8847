export const CLOCK_USERS: string[];
export function findClockReads(serverSrc: string): string[];
