// « Montrer ce jet », under a result: the roll as a record "j" (table/roll.js), with an id of its own
// kept with the result (the same roll shown twice is the same roll: counted once by the meneur), its
// number on this phone, and the request it answers (table/request.js).

import { saveHistory } from "../result/index.js";
import { recordLink, showLink } from "../links/index.js";
import { rollBody } from "./roll.js";
import { nextSequence } from "../storage/index.js";

export async function showRollToMeneur(widget, entry) {
  const jeu = widget.roller.split(".", 1)[0];
  if (!entry.partage) {
    entry.partage = await nextSequence();
    saveHistory(widget, widget.entries);
  }
  const body = rollBody(widget, entry);
  const link = await recordLink("j", jeu, entry.partage.auteur, entry.partage.n, body);
  const who = body.c ? ` de ${body.c}` : "";
  const answer = entry.demande ? `Il répond à sa demande « ${entry.demande.titre} ». ` : "";
  const number = body.k ? ` C’est le jet n° ${body.k} de ce téléphone : son écran dit combien n’ont pas été montrés entre deux.` : "";
  await showLink(link, `Montrer ce jet${who} au meneur`,
    `${answer}Le meneur ouvre ce lien : son téléphone rejoue le jet avec les mêmes dés et en montre le résultat, marqué comme reçu, dans son journal. Ce que le jet donne au meneur (la Réserve du Simon Système) n’y est compté qu’une fois, même si le lien est ouvert plusieurs fois.${number}`);
  return link;
}
