/** Test files for the image pipeline and the upload route: real images, and files that only pretend to be. */
import sharp, { type Exif } from 'sharp';

/** A JPEG of `width`×`height` with a gradient (so crops and encodings are not trivially empty). */
export async function jpeg(width = 2400, height = 1600, exif?: Exif): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#0b6e4f"/><stop offset="1" stop-color="#f4d35e"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ee964b"/></svg>`;
  const image = sharp(Buffer.from(svg)).jpeg({ quality: 80 });
  return exif ? image.withExif(exif).toBuffer() : image.toBuffer();
}

/** A JPEG carrying GPS coordinates, a camera and an orientation in its EXIF. */
export const GPS_EXIF: Exif = {
  IFD0: { Make: 'NordlysCam', Model: 'Test 1', Copyright: 'Someone' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '12/1 34/1 5/1' },
};

export const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();

/** The start of a real PDF (what a "cv.png" that is a PDF sends). */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** An HTML page with an inline SVG and a script, sent as "photo.jpg". */
export const HTML = Buffer.from(
  '<!doctype html><html><head><title>x</title></head><body><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg><script>alert(document.cookie)</script></body></html>',
);

/** An SVG (refused: it can carry script, and the route takes raster images only). */
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>');
