import { TextField } from '../../components/ui/form.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useT } from '../../i18n/i18n.tsx';

export interface BillingAddress {
  addressLine1: string;
  addressLine2: string;
  postal: string;
  city: string;
  state: string;
  country: string;
}

export const EMPTY_BILLING: BillingAddress = {
  addressLine1: '',
  addressLine2: '',
  postal: '',
  city: '',
  state: '',
  country: '',
};

/**
 * The billing address of spec part 2 §5.7: line 1, postal code, city and country required (each
 * with its own message), line 2 and state optional, the country a select whose empty first
 * option is a disabled placeholder. The postal code also goes to the card field (see the form).
 */
export function BillingFields(props: {
  value: BillingAddress;
  /** Named by the server (`billingCountries`). */
  countries: { value: string; label: string }[];
  errors: Record<string, string>;
  onChange: (value: BillingAddress) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const { value, errors } = props;
  const field = (name: keyof BillingAddress, options: { required?: boolean; autoComplete: string }) => (
    <TextField
      name={`billing-${name}`}
      label={t(`checkout.billing.${name}`)}
      value={value[name]}
      required={options.required}
      autoComplete={options.autoComplete}
      disabled={props.disabled}
      error={errors[name]}
      onChange={(event) => props.onChange({ ...value, [name]: event.target.value })}
    />
  );
  return (
    <fieldset className="checkout-fieldset">
      <legend>{t('checkout.billing.title')}</legend>
      {field('addressLine1', { required: true, autoComplete: 'billing address-line1' })}
      {field('addressLine2', { autoComplete: 'billing address-line2' })}
      <div className="checkout-fieldset__row">
        {field('postal', { required: true, autoComplete: 'billing postal-code' })}
        {field('city', { required: true, autoComplete: 'billing address-level2' })}
      </div>
      {field('state', { autoComplete: 'billing address-level1' })}
      <SelectField
        name="billing-country"
        label={t('checkout.billing.country')}
        value={value.country}
        required
        disabled={props.disabled}
        error={errors.country}
        autoComplete="billing country"
        options={[
          { value: '', label: t('checkout.billing.countryPlaceholder'), disabled: true },
          ...props.countries,
        ]}
        onChange={(country) => props.onChange({ ...value, country })}
      />
    </fieldset>
  );
}
