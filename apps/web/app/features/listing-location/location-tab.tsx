import type { Place } from '@hora/core/geo';
import { type FormEvent, useState } from 'react';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import type { WizardTabProps } from '../listing-wizard/tab-props.ts';
import { OnDemandLocationMap } from '../maps/static-location-map.tsx';
import { LocationAutocomplete } from '../places/location-autocomplete.tsx';
import {
  BUILDING_MAX,
  initialLocationDraft,
  type LocationDraft,
  locationBody,
  saveLocation,
} from './location-form.ts';

/**
 * The wizard's location tab (spec part 1 §2): the address from the geocoder's suggestions, a map
 * whose pin the host drags (or moves with the arrow keys) to the exact door, and an optional
 * building note. The server resolves the address again: one it does not know is refused. A stored
 * place shows on the static map until the host picks another address or asks to move the pin, so
 * opening the tab downloads no map code (decision 0083).
 */
export function LocationTab({ listing, submitLabel, onSaved }: WizardTabProps) {
  const t = useT();
  const [draft, setDraft] = useState<LocationDraft>(() => initialLocationDraft(listing));
  // Where the map centres: the stored pin, then each newly picked place. Dragging moves only the pin.
  const [mapCenter, setMapCenter] = useState(draft.origin);
  // An address picked here: the host is placing the pin now, so the draggable map loads at once.
  const [addressPicked, setAddressPicked] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saving, setSaving] = useState(false);

  function pick(place: Place) {
    setDraft((current) => ({ ...current, address: place.address, origin: place.origin }));
    setMapCenter(place.origin);
    setAddressPicked(true);
    setErrors({ fields: {} });
  }

  function typed(text: string) {
    // Text that is no longer the picked suggestion names no known place yet.
    setDraft((current) => (current.address === text ? current : { ...current, address: null }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = locationBody(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    const result = await saveLocation(listing.id, checked.body);
    setSaving(false);
    if (result.ok) onSaved(result.listing);
    else setErrors(result.errors);
  }

  return (
    <form className="form location-tab" noValidate onSubmit={submit} aria-busy={saving}>
      {errors.form && <Alert tone="error">{t(errors.form)}</Alert>}
      <LocationAutocomplete
        label={t('places.locationTab.address')}
        placeholder={t('places.locationTab.addressPlaceholder')}
        hint={t('places.locationTab.addressHint')}
        defaultValue={listing.location?.address ?? ''}
        showCurrentLocation={false}
        required
        onSelect={pick}
        onTextChange={typed}
        error={errors.fields.address}
      />
      {mapCenter && draft.origin ? (
        <div className="location-tab__map">
          <p className="field__hint">{t('places.locationTab.mapHelp')}</p>
          <OnDemandLocationMap
            center={mapCenter}
            mode="draggable"
            label={t('places.map.label')}
            action={t('places.map.movePin')}
            interactive={addressPicked}
            onMove={(origin) => setDraft((current) => ({ ...current, origin }))}
          />
        </div>
      ) : (
        <p className="field__hint location-tab__map-empty">{t('places.locationTab.mapEmpty')}</p>
      )}
      <TextField
        name="building"
        label={t('places.locationTab.building')}
        placeholder={t('places.locationTab.buildingPlaceholder')}
        maxLength={BUILDING_MAX}
        defaultValue={draft.building}
        onChange={(event) => {
          const building = event.target.value;
          setDraft((current) => ({ ...current, building }));
        }}
        error={errors.fields.building}
      />
      <button type="submit" className="button button--primary wizard-actions__submit" disabled={saving}>
        {saving ? t('places.locationTab.saving') : submitLabel}
      </button>
    </form>
  );
}
