// A roll received from a player updates the meneuse's copy of her sheet (« La table »): what the roll
// wrote on the player's own sheet travels with it (table/roll.js `m`: a number's value after the roll, an
// item added or taken out by its name), and is set on the copy of that character received from that
// same phone, by the rules (sheet_apply: only the fields a roll may change, the sheet checked whole
// after). Values, not differences: the same link opened twice, or an older roll opened after a newer
// one, changes nothing (the copy keeps the sequence number of the last roll it took, `n_jet`).

import { changeLines, reapplyChanges } from "../sheets/index.js";
import { updateReceived } from "../storage/index.js";

// → {lignes: the copy's changes in words, nom} | {error} | null (nothing to set, or no copy of hers here)
export async function updateCopy(record, roll, copies) {
  if (!roll.changes.length || !roll.sujet) return null;
  const copy = copies.find((c) => c.auteur === record.auteur && c.sujet === roll.sujet);
  if (!copy || Math.max(copy.n, copy.n_jet ?? 0) >= record.n) return null;
  const modifications = roll.changes.map((c) => ({
    fiche_id: copy.fiche.id, champ: c.c, libelle: "", raison: "jet reçu",
    ...("v" in c ? { valeur: c.v } : "a" in c ? { ajout: c.a } : { retrait: c.x }),
  }));
  const applied = await reapplyChanges(copy.fiche, modifications, record.jeu);
  if (applied.error) return { error: `la copie de sa fiche n’a pas été mise à jour (${applied.error})` };
  if (!applied.modifications.length) return null;
  const done = await updateReceived(copy.cle, copy, applied.fiche, record.n);
  if (!done.record) return null; // changed meanwhile (another tab, a newer sheet): left as it is
  return { nom: copy.fiche.nom, lignes: changeLines(applied.modifications) };
}
