/**
 * The footer's QR codes as SVG, made once per text and kept for the life of the process: the
 * texts are the site's own URLs (a handful), and encoding one (mask choice, segment search) cost
 * a few milliseconds of every page render.
 */
import QRCode from 'qrcode';

const made = new Map<string, Promise<string>>();
/** A bound far above the footer's codes, should SITE_URL ever change while running. */
const KEPT = 32;

export function footerQr(text: string): Promise<string> {
  let svg = made.get(text);
  if (!svg) {
    if (made.size >= KEPT) made.clear();
    svg = QRCode.toString(text, { type: 'svg', margin: 1, width: 96, errorCorrectionLevel: 'M' });
    made.set(text, svg);
    // A failure is not kept: the next render tries again.
    svg.catch(() => made.delete(text));
  }
  return svg;
}
