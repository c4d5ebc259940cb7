// The site's other bundles (hooks/site_step/front_end.py BUNDLES), fetched by rollers.js where they are
// used: sheets.js on a « Mes personnages » page, table.js on a table page or for « Montrer ce jet ».
// Each is fetched once a visit; a failed fetch is tried again at the next use.

import { CONFIG } from "../config.js";

const bundlesAsked = new Map();

export function loadBundle(name) {
  if (!bundlesAsked.has(name)) {
    const asked = import(new URL(`${name}?v=${CONFIG.version}`, import.meta.url).href);
    asked.catch((err) => {
      bundlesAsked.delete(name);
      console.warn(`${name} n’a pas pu être chargé.`, err);
    });
    bundlesAsked.set(name, asked);
  }
  return bundlesAsked.get(name);
}
