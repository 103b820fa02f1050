/** Public URLs of an image's six sizes (spec 3), derived from its stored path. */
import { IMAGE_SIZES, type ImageSize } from '@nordlys/sdk/constants';
import type { Image } from '@nordlys/sdk/schemas';

export function toImage(path: string | null | undefined): Image | null {
  if (!path) return null;
  const sizes = Object.fromEntries(
    (Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) => [size, `/images/${size}/${path}`]),
  ) as Image['sizes'];
  return { path, sizes };
}
