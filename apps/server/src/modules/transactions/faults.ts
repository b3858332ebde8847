/**
 * Crash points of the booking path, for the fault test only: with NODE_ENV=test and
 * HORA_FAULT_STEP=<step>, the process kills itself with SIGKILL when it reaches that step, so the
 * test can restart it and check that nothing is left half done. Outside tests it does nothing.
 */
export const FAULT_STEPS = [
  'initiate:before-commit',
  'initiate:after-commit',
  'initiate:after-intent',
  'transition:before-record',
  'transition:after-record',
] as const;
export type FaultStep = (typeof FAULT_STEPS)[number];

const armed = process.env.NODE_ENV === 'test' ? process.env.HORA_FAULT_STEP : undefined;

export function faultPoint(step: FaultStep): void {
  if (armed === step) process.kill(process.pid, 'SIGKILL');
}
