// The roll journal as plain French text, for a group's chat.

import { fr } from "../browser/index.js";
import { realDiceWords } from "../result/index.js";

// The site's French typography, and a no-break space after « n° ».
export function journalFr(text) {
  return fr(text).replace(/n° /g, "n°\u00a0");
}

export function diceText(entry) {
  return entry.des.filter((g) => g.des.length)
    .map((g) => `${g.titre.charAt(0).toLowerCase()}${g.titre.slice(1)} : ${g.des.join(", ")}`).join(" ; ");
}

// What a roll was judged against, in the book's words (« score à battre 4 », « seuil 13 »…),
// from the engine's figures; "" where the roller has none.
export function benchmarkText(r) {
  const parts = [];
  const int = Number.isInteger;
  const plural = (n, word) => `${n} ${word}${n > 1 ? "s" : ""}`;
  if (int(r.score)) parts.push(`score à battre ${r.score}`);
  if (int(r.seuil)) parts.push(`seuil ${r.seuil}`);
  if (int(r.seuil_a) && int(r.seuil_b)) parts.push(`seuils ${r.seuil_a} et ${r.seuil_b}`);
  if (int(r.reussites_requises)) parts.push(`${plural(r.reussites_obtenues, "réussite")} sur ${r.reussites_requises} requise${r.reussites_requises > 1 ? "s" : ""}`);
  if (int(r.efforts_meneur)) parts.push(`efforts ${r.efforts_joueurs} contre ${r.efforts_meneur}`);
  if (int(r.efforts_a) && int(r.efforts_b)) parts.push(`efforts ${r.efforts_a} contre ${r.efforts_b}`);
  if (int(r.totaux?.a) && int(r.totaux?.b)) parts.push(`forces ${r.totaux.a} contre ${r.totaux.b}`);
  return parts.join(", ");
}

// The dice or cards and what they were judged against: « dés du joueur : 3, 5, 1 ; score à battre 4 »,
// first « dés réels » (« cartes réelles ») when they were the reader's own, entered by hand.
export function detailText(entry) {
  return [entry.reels ? realDiceWords(entry.roller) : "", diceText(entry), entry.repere].filter(Boolean).join(" ; ");
}

export function titleText(entry) {
  return entry.action ? `${entry.titre}, suite : ${entry.suite || entry.action}` : entry.titre;
}

// « Perseüs — Réussite sans effet secondaire » when the roll was a character's.
export function outcomeText(entry) {
  return entry.personnage ? `${entry.personnage} — ${entry.resultat}` : entry.resultat;
}

export function entryText(entry) {
  const detail = detailText(entry);
  return journalFr(`Jet n° ${entry.n} — ${titleText(entry)} — ${outcomeText(entry)}${detail ? ` (${detail})` : ""}`);
}

export function sessionText(entries) {
  const day = (e) => new Date(e.quand).toLocaleDateString("fr-FR", { dateStyle: "long" });
  const first = day(entries[0]), last = day(entries[entries.length - 1]);
  return [journalFr(`Journal des jets (Dés & Lames), ${first === last ? `le ${first}` : `du ${first} au ${last}`} :`),
    ...entries.map(entryText)].join("\n");
}
