import { useSearchParams } from 'react-router';
import { runEnquiry } from '../features/enquiry/enquiry-action.ts';
import { EnquiryModal } from '../features/enquiry/enquiry-modal.tsx';
import bookingFormStylesheet from '../features/listing-page/booking-form.css?url';
import { isContactOpen } from '../features/listing-page/contact-link.ts';
import { listingMeta } from '../features/listing-page/listing-meta.ts';
import stylesheet from '../features/listing-page/listing-page.css?url';
import { ListingPage } from '../features/listing-page/listing-page.tsx';
import { loadListingPage } from '../features/listing-page/listing-page-loader.ts';
import { shouldRevalidateListing } from '../features/listing-page/listing-revalidation.ts';
import reviewsStylesheet from '../features/reviews/reviews.css?url';
import type { Route } from './+types/listing';

/**
 * /l/:slug/:id (public): a published or closed listing. A slug that is not the title's, or a draft
 * or pending listing (owner only), redirects to the path that shows it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadListingPage(request, params, context);
  // The enquiry form's key for those who may ask (a form sent twice asks once). Made with every load:
  // opening the form (the `contact` flag) does not load the page again.
  const mayAsk = page.signedIn && !page.isOwner && page.listing.state === 'published';
  return { ...page, enquiryKey: mayAsk ? crypto.randomUUID() : null };
}

/** The enquiry form (issue 12): a question to the host opens a conversation on the order page. */
export function action({ request, params, context }: Route.ActionArgs) {
  return runEnquiry(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: reviewsStylesheet },
  { rel: 'stylesheet', href: bookingFormStylesheet },
];

export const meta: Route.MetaFunction = (args) => listingMeta(args, args.loaderData);

export const shouldRevalidate = shouldRevalidateListing;

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { enquiryKey } = loaderData;
  const [search] = useSearchParams();
  return (
    <ListingPage
      data={loaderData}
      enquiry={
        enquiryKey && isContactOpen(search) ? (
          <EnquiryModal hostName={loaderData.listing.author.displayName} idempotencyKey={enquiryKey} />
        ) : null
      }
    />
  );
}
