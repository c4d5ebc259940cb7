// The roll journal as plain French text, for a group's chat.

import { fr } from "./dom.js";

// The site's French typography, and a no-break space after « n° ».
export function journalFr(text) {
  return fr(text).replace(/n° /g, "n°\u00a0");
}

export function diceText(entry) {
  return entry.des.filter((g) => g.des.length)
    .map((g) => `${g.titre.charAt(0).toLowerCase()}${g.titre.slice(1)} : ${g.des.join(", ")}`).join(" ; ");
}

export function titleText(entry) {
  return entry.action ? `${entry.titre}, suite : ${entry.suite || entry.action}` : entry.titre;
}

export function entryText(entry) {
  const dice = diceText(entry);
  return journalFr(`Jet n° ${entry.n} — ${titleText(entry)} — ${entry.resultat}${dice ? ` (${dice})` : ""}`);
}

export function sessionText(entries) {
  const day = (e) => new Date(e.quand).toLocaleDateString("fr-FR", { dateStyle: "long" });
  const first = day(entries[0]), last = day(entries[entries.length - 1]);
  return [journalFr(`Journal des jets (Dés & Lames), ${first === last ? `le ${first}` : `du ${first} au ${last}`} :`),
    ...entries.map(entryText)].join("\n");
}
