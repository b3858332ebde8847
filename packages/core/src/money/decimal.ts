/**
 * Exact decimal arithmetic for money, on BigInt. Binary floats cannot hold 1.005 or 0.1, so
 * a factor is read from its shortest decimal text and kept as digits / 10^scale.
 */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

export function parseDecimal(value: number | string): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new RangeError(`Not a finite number: ${value}`);
  const text = String(value).trim();
  const match = DECIMAL_RE.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole.length + fraction.length === 0) throw new RangeError(`Not a decimal number: ${text}`);
  const exponent = Number(match[4] ?? '0');
  let digits = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: match[1] === '-' ? -digits : digits, scale };
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** numerator / denominator rounded half away from zero (what "half-up" means for money). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('Money amount outside the safe integer range');
  }
  return Number(value);
}
