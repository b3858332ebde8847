import { LIMITS } from '@hora/core/config';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { TextAreaField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';

export const REVIEW_FIELDS = { rating: 'rating', content: 'content' } as const;

/** The review form's texts come with its page: its field errors are validation messages. */
export const REVIEW_PAGE_NAMESPACES = ['validation'] as const;

export interface ReviewFormResult {
  errors: FormErrors;
  values: { rating: string; content: string };
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Rating 1–5 as a radio group of stars (arrow keys move between them, each named "3 stars") and
 * the text, both required (spec part 2 §5.3). A plain POST form: it works before JavaScript.
 */
export function ReviewForm(props: { result: ReviewFormResult | undefined; cancelTo: string }) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
  const sending =
    navigation.state === 'submitting' && navigation.formData?.has(REVIEW_FIELDS.rating) === true;
  const errors = props.result?.errors;
  const ratingError = errors?.fields[REVIEW_FIELDS.rating];
  const values = props.result?.values;
  return (
    <Form method="post" className="review-form" noValidate={false} data-testid="review-form">
      {errors?.form ? (
        <p className="alert alert--error" role="alert" data-testid="review-form-error">
          {t(errors.form)}
        </p>
      ) : null}
      <fieldset
        className="star-rating"
        aria-invalid={ratingError ? true : undefined}
        aria-describedby={ratingError ? `${id}-rating-error` : undefined}
      >
        <legend className="field__label">{t('reviews.form.rating')}</legend>
        <div className="star-rating__stars">
          {STARS.map((rating) => (
            <label key={rating} className="star-rating__star">
              <input
                type="radio"
                name={REVIEW_FIELDS.rating}
                value={rating}
                required
                defaultChecked={values?.rating === String(rating)}
                className="star-rating__input"
              />
              <span aria-hidden="true" className="star-rating__icon">
                ★
              </span>
              <span className="visually-hidden">{t('reviews.form.ratingOption', { rating })}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${id}-rating-error`} className="field__error" role="alert">
            {t(ratingError)}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        name={REVIEW_FIELDS.content}
        label={t('reviews.form.content')}
        hint={t('reviews.form.contentHint')}
        defaultValue={values?.content ?? ''}
        maxLength={LIMITS.textAreaMax}
        rows={6}
        required
        error={errors?.fields[REVIEW_FIELDS.content]}
      />
      <div className="review-form__buttons">
        <Link to={props.cancelTo} className="button button--secondary">
          {t('reviews.form.cancel')}
        </Link>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('reviews.form.sending') : t('reviews.form.submit')}
        </button>
      </div>
    </Form>
  );
}
