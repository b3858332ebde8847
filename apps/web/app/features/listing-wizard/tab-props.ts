import type { OwnListingView } from '@hora/core/listing';

/**
 * What the wizard gives each tab's form. A tab saves through the API itself and reports the
 * listing the API answered; the wizard then moves on (next tab, publish) or stays (editing).
 */
export interface WizardTabProps {
  listing: OwnListingView;
  /** "Guardar y continuar", "Publicar anuncio" or "Guardar cambios", already translated. */
  submitLabel: string;
  onSaved: (listing: OwnListingView) => void;
}
