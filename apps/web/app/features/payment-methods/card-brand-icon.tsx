/** The card brands of spec part 1 §1, in Stripe's names; anything else shows the default card. */
const BRANDS: Record<string, { label: string; background: string; color: string }> = {
  amex: { label: 'AMEX', background: '#2e77bb', color: '#ffffff' },
  diners: { label: 'DINERS', background: '#0079be', color: '#ffffff' },
  discover: { label: 'DISCOVER', background: '#ff6000', color: '#ffffff' },
  jcb: { label: 'JCB', background: '#0b4ea2', color: '#ffffff' },
  mastercard: { label: 'MC', background: '#231f20', color: '#ffffff' },
  unionpay: { label: 'UP', background: '#d10429', color: '#ffffff' },
  visa: { label: 'VISA', background: '#1a1f71', color: '#ffffff' },
};

export function brandName(brand: string): string {
  return Object.hasOwn(BRANDS, brand) ? brand : 'default';
}

/** A small card face with the brand's mark; decorative (the text beside it names the brand). */
export function CardBrandIcon({ brand }: { brand: string }) {
  const known = Object.hasOwn(BRANDS, brand) ? BRANDS[brand] : undefined;
  return (
    <svg
      className={`card-brand card-brand--${brandName(brand)}`}
      width="48"
      height="32"
      viewBox="0 0 48 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="0.5"
        y="0.5"
        width="47"
        height="31"
        rx="4"
        fill={known?.background ?? '#e5e7eb'}
        stroke="#d1d5db"
      />
      {known ? (
        <text
          x="24"
          y="20"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          fontSize={known.label.length > 4 ? 7 : 10}
          fontWeight="700"
          fill={known.color}
        >
          {known.label}
        </text>
      ) : (
        <>
          <rect x="6" y="8" width="36" height="5" fill="#9ca3af" />
          <rect x="6" y="20" width="14" height="4" rx="1" fill="#9ca3af" />
        </>
      )}
    </svg>
  );
}
