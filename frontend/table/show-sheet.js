// « Montrer ma fiche au meneur », on a sheet of « Mes personnages »: the sheet for the table as a
// record "f" (links/sheet-code.js), under this device's author id and its next sequence number, and
// a short subject of its own id (the same character shown again replaces its copy on the meneur's side).

import { compactSheet, recordLink, showLink } from "../links/index.js";
import { nextSequence } from "../storage/index.js";

export async function showSheetToMeneur(schema, fiche) {
  const { auteur, n } = await nextSequence();
  const link = await recordLink("f", schema.jeu, auteur, n, compactSheet(schema, fiche, subjectOf(fiche.id)));
  await showLink(link, `Montrer ${fiche.nom} au meneur`,
    "Le meneur ouvre ce lien sur son téléphone (l’appareil photo lit le code) : il garde une copie de la fiche en lecture seule dans sa table, « L’écran du meneur ». Montrez-la de nouveau après un changement : la nouvelle copie remplace l’ancienne. Ni les notes ni la description ne sont dans le lien.");
  return link;
}

// Eight base64url characters of a 48-bit hash of the sheet's id (FNV-1a, twice): short, and the
// same for the same sheet.
export function subjectOf(id) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const char of String(id)) {
    const code = char.codePointAt(0);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  const bytes = [a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, (b >>> 8) & 255, b & 255];
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}
