/**
 * An ICO file (favicon.ico) holding PNG images, as every current browser reads it: a 6-byte header,
 * one 16-byte directory entry per image, then the images. Sizes of 256 and more are written as 0.
 */
export function icoFromPngs(images: readonly { size: number; png: Uint8Array }[]): Uint8Array {
  const headerBytes = 6 + 16 * images.length;
  const total = headerBytes + images.reduce((sum, image) => sum + image.png.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0, true); // reserved
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, images.length, true);
  let offset = headerBytes;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    const side = image.size >= 256 ? 0 : image.size;
    view.setUint8(entry, side); // width
    view.setUint8(entry + 1, side); // height
    view.setUint8(entry + 2, 0); // no palette
    view.setUint8(entry + 3, 0); // reserved
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, image.png.length, true);
    view.setUint32(entry + 12, offset, true);
    out.set(image.png, offset);
    offset += image.png.length;
  });
  return out;
}
