/** A car's picture, or the neutral placeholder when it has none or it fails to load. */
import { Image } from '@mantine/core';

export const PLACEHOLDER = `${import.meta.env.BASE_URL}cars/placeholder.svg`;

export default function CarImage({ src, alt, className, h }: { src: string; alt: string; className?: string; h?: number }) {
  return (
    <Image
      src={src || PLACEHOLDER}
      fallbackSrc={PLACEHOLDER}
      alt={alt}
      className={className ?? 'na-picture'}
      h={h}
      loading="lazy"
      data-testid="car-image"
    />
  );
}
