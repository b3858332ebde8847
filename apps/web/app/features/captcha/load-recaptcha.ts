export interface RecaptchaParameters {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

export interface Grecaptcha {
  render(container: HTMLElement, parameters: RecaptchaParameters): number;
}

const ONLOAD = 'horaRecaptchaLoaded';
let loading: Promise<Grecaptcha> | undefined;

/**
 * Adds Google's script to the page once and resolves when `grecaptcha.render` may be called. A failed
 * load is forgotten, so a retry adds the script again.
 */
export function loadRecaptcha(locale: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const globals = window as unknown as Record<string, unknown>;
    globals[ONLOAD] = () => resolve(globals.grecaptcha as Grecaptcha);
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&onload=${ONLOAD}&hl=${encodeURIComponent(locale)}`;
    script.async = true;
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
