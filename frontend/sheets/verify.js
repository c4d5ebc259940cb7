// The engine's pass over what was kept before it was there: every sheet the page checked alone
// (controle "page": a save, an import, an example, a shared link, kept at once against the schema)
// is checked whole by Python once the engine is ready (its game's cross-field rules too). Accepted:
// Python's copy is kept (controle "moteur"). Refused: the sheet stays, marked with Python's French
// sentence (`refus`), and the « Personnage » choice no longer offers it until it is mended.
// Nothing here starts the engine: a page that waits for a first tap keeps its sheets as they are.

import { checkSheet } from "./engine.js";
import { storageTrouble } from "../browser/index.js";
import { listSheets, settleSheet } from "../storage/index.js";
import { runtime } from "../engine/index.js";

let verifying = null; // the pass under way (one at a time, for every game)
let verifyAgain = false;

// Check what is waiting, now if the engine is ready, else as soon as it is.
export function verifyWhenReady() {
  if (runtime.state.name === "ready") return verifyKept();
  if (!runtime.dlVerifyListening) {
    runtime.dlVerifyListening = true;
    runtime.listeners.add((state) => {
      if (state.name === "ready") verifyKept();
    });
  }
  return Promise.resolve(0);
}

// One pass (another asked meanwhile runs after it): → the number of sheets settled.
export async function verifyKept() {
  if (verifying) {
    verifyAgain = true;
    return verifying;
  }
  verifying = (async () => {
    let settled = 0;
    do {
      verifyAgain = false;
      const waiting = (await listSheets(null).catch(storageTrouble("les fiches à vérifier", []))).filter((record) => record.controle === "page");
      for (const record of waiting) {
        if (runtime.state.name !== "ready") return settled; // the engine went away: the next pass
        const checked = await checkSheet(record.fiche, record.jeu);
        if (checked.engineFailed) return settled; // not a verdict on the sheet: it stays as it is
        const verdict = checked.error ? { refus: { texte: checked.error, champ: checked.field } } : { fiche: checked.fiche };
        const done = await settleSheet(record.id, record.rev, verdict).catch((err) => ({ failed: err }));
        if (done.record) settled += 1;
        else if (done.conflict !== undefined) verifyAgain = true; // changed meanwhile: read again
        else console.warn("Mes personnages : vérification non gardée", done.failed);
      }
    } while (verifyAgain);
    return settled;
  })();
  try {
    return await verifying;
  } finally {
    verifying = null;
  }
}
