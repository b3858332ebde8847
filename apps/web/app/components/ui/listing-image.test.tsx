import type { ListingImageView } from '@hora/core/listing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListingImage } from './listing-image.tsx';

const variant = (name: string, width: number, height: number) => ({
  width,
  height,
  webp: `/uploads/listings/l/i/${name}.webp`,
  jpeg: `/uploads/listings/l/i/${name}.jpg`,
});

const image: ListingImageView = {
  id: 'i',
  width: 4000,
  height: 3000,
  variants: {
    'landscape-crop': variant('landscape-crop', 400, 267),
    'landscape-crop2x': variant('landscape-crop2x', 800, 533),
    'square-small': variant('square-small', 240, 240),
    'square-small2x': variant('square-small2x', 480, 480),
  },
};

describe('<ListingImage>', () => {
  it('offers WebP with a JPEG fallback at both sizes of the landscape crop', () => {
    const html = renderToStaticMarkup(<ListingImage image={image} shape="landscape" alt="Sala luminosa" />);
    expect(html).toContain(
      '<source type="image/webp" srcSet="/uploads/listings/l/i/landscape-crop.webp 400w, /uploads/listings/l/i/landscape-crop2x.webp 800w" sizes="400px"/>',
    );
    expect(html).toContain('src="/uploads/listings/l/i/landscape-crop.jpg"');
    expect(html).toContain(
      'srcSet="/uploads/listings/l/i/landscape-crop.jpg 400w, /uploads/listings/l/i/landscape-crop2x.jpg 800w"',
    );
    expect(html).toContain('width="400" height="267" alt="Sala luminosa" loading="lazy"');
  });

  it('shows the square crop with the sizes it is given, loaded at once when asked', () => {
    const html = renderToStaticMarkup(
      <ListingImage
        image={image}
        shape="square"
        alt=""
        sizes="(max-width: 767px) 50vw, 240px"
        loading="eager"
      />,
    );
    expect(html).toContain('square-small.webp 240w, /uploads/listings/l/i/square-small2x.webp 480w');
    expect(html).toContain('sizes="(max-width: 767px) 50vw, 240px"');
    expect(html).toContain('alt="" loading="eager"');
  });
});
