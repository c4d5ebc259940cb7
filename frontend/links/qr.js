// A link drawn as a QR code, by lean-qr (npm; shipped beside the bundles as assets/rollers/lean-qr.js
// with its licence, hooks/site_step/front_end.py VENDORED), fetched only when a code is shown.
// Level M at least, version 20 at most: a code another phone's camera reads from this screen.

import { CONFIG } from "../config.js";

const QR_MAX_VERSION = 20;
let qrLibrary = null;

function loadQrLibrary() {
  qrLibrary ||= import(new URL(`lean-qr.js?v=${CONFIG.version}`, import.meta.url).href).catch((err) => {
    qrLibrary = null; // tried again at the next code
    throw err;
  });
  return qrLibrary;
}

// The code of `text` drawn on `canvas` (one pixel per module, a quiet zone of four, black on white);
// its version, 1 to 20. Throws when the library cannot be had or the text does not fit.
export async function drawQr(canvas, text) {
  const { generate, correction } = await loadQrLibrary();
  const code = generate(text, { minCorrectionLevel: correction.M, maxVersion: QR_MAX_VERSION });
  code.toCanvas(canvas, { on: [0, 0, 0, 255], off: [255, 255, 255, 255], pad: 4 });
  const version = (code.size - 17) / 4;
  canvas.dataset.version = String(version);
  return version;
}
