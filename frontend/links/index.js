// links/: « La table »'s records as they travel: packed (codec.js, also the « Mes personnages » #fiche=
// links'), a sheet made compact (sheet-code.js), signed by this phone's key (keys.js, envelope.js), a
// secret roll sealed to the meneuse's phone (secret.js), the link of a record and its reading
// (record.js), shown as a link and a QR code (show.js, qr.js). What they say is table/'s to check.

export { codecSupported, packJson, unpackJson } from "./codec.js";
export { deviceKeys, keyPrint } from "./keys.js";
export { recordFromFragment, recordLink } from "./record.js";
export { openSecret, sealSecret, secretContext } from "./secret.js";
export { compactSheet, expandSheet, isPlainObject } from "./sheet-code.js";
export { showLink } from "./show.js";
