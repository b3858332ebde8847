import stylesheet from '../features/checkout/checkout.css?url';
import { loadCheckout } from '../features/checkout/checkout-loader.ts';
import { CheckoutPage } from '../features/checkout/checkout-page.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/checkout';

/**
 * /l/:slug/:id/checkout (signed in): the booking chosen on the listing page, priced by a
 * speculative transaction, and its payment. Visitors log in first and come back.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadCheckout(request, params, context);
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'checkout.metaTitle',
    values: { title: args.loaderData?.listing.title ?? '' },
    noindex: true,
  });

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} />;
}
