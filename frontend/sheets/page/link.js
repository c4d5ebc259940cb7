// A sheet shared by link: the sheet, compressed and written in base64url (links/codec.js, the one
// codec of the site's links), in the URL's fragment (#fiche=…): a fragment never reaches a server.

import { codecSupported, packJson, unpackJson } from "../../links/index.js";

const SHARE_PREFIX = "fiche=";
const SHARE_FORMAT = "1"; // the link's own format, before the data: « fiche=1.… »
const SHARE_MAX_BYTES = 256 * 1024; // a sheet is at most 64 KB: more, unpacked, is not a sheet

export function shareSupported() {
  return codecSupported();
}

// The page's URL with the sheet in its fragment.
export async function sheetShareUrl(fiche, pageUrl = window.location.href) {
  const url = new URL(pageUrl);
  url.search = "";
  url.hash = `${SHARE_PREFIX}${SHARE_FORMAT}.${await packJson(fiche)}`;
  return url.href;
}

// The sheet of a share link's fragment: {fiche} | {error} | null when the fragment holds none.
// What comes out is any JSON: it is checked (sheets/page/check.js) before it is shown as a sheet or kept.
export async function sheetFromFragment(hash = window.location.hash) {
  const text = decodeURIComponent(hash.replace(/^#/, ""));
  if (!text.startsWith(SHARE_PREFIX)) return null;
  const [format, data] = text.slice(SHARE_PREFIX.length).split(".", 2);
  if (format !== SHARE_FORMAT || !data) {
    return { error: "Ce lien de fiche vient d’une autre version du site, ou il est coupé\u202F: demandez-en un nouveau." };
  }
  if (!shareSupported()) return { error: "Ce navigateur ne sait pas ouvrir les liens de fiche (trop ancien)." };
  try {
    return { fiche: await unpackJson(data, SHARE_MAX_BYTES) };
  } catch (err) {
    console.warn("Lien de fiche illisible", err);
    return { error: "Ce lien de fiche est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau." };
  }
}
