// The roll journal as plain French text (for a group's chat) and its times.

const NNBSP = "\u202f"; // before ; ? !
const NBSP = "\u00a0"; // before : and inside « »

// French spacing where the text has a plain space (or none) before ; : ? ! and inside « ».
export function frenchSpacing(text) {
  return String(text)
    .replace(/[ \u00a0\u202f]*([;?!])/g, (m, mark, offset) => (offset === 0 ? mark : `${NNBSP}${mark}`))
    .replace(/[ \u00a0\u202f]+:/g, `${NBSP}:`)
    .replace(/«[ \u00a0\u202f]*/g, `«${NBSP}`)
    .replace(/[ \u00a0\u202f]*»/g, `${NBSP}»`);
}

function lowerFirst(text) {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

// "dés du joueur : 3, 5, 1 ; dés du meneur : 2, 4"
export function journalDiceText(entry) {
  return entry.des
    .filter((group) => group.des.length)
    .map((group) => (group.titre ? `${lowerFirst(group.titre)} : ${group.des.join(", ")}` : group.des.join(", ")))
    .join(" ; ");
}

// "Solaires : résoudre une action" or, for a follow-up, "… — suite : Relancer un dé"
export function journalTitleText(entry) {
  if (entry.op !== "action") return entry.titre;
  return `${entry.titre}, suite : ${entry.actionLibelle || entry.action || "action"}`;
}

// « Jet n° 3 — Solaires : résoudre une action — Réussite avec contrepartie négative (dés du joueur : 3, 5, 1) »
export function journalEntryText(entry) {
  const dice = journalDiceText(entry);
  return frenchSpacing(`Jet n° ${entry.n} — ${journalTitleText(entry)} — ${entry.resultat}${dice ? ` (${dice})` : ""}`)
    .replace("n° ", `n°${NBSP}`);
}

export function journalSessionText(entries) {
  if (!entries.length) return "Journal des jets (Dés & Lames) : aucun jet.";
  const first = journalDayText(entries[0].quand);
  const last = journalDayText(entries[entries.length - 1].quand);
  const days = first === last ? `le ${first}` : `du ${first} au ${last}`;
  return [frenchSpacing(`Journal des jets (Dés & Lames), ${days} :`), ...entries.map(journalEntryText)].join("\n");
}

export function journalTimeText(quand) {
  const date = new Date(quand);
  const time = date.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return new Date().toDateString() === date.toDateString() ? time : `${journalDayText(quand)}, ${time}`;
}

function journalDayText(quand) {
  return new Date(quand).toLocaleDateString("fr-FR", { day: "numeric", month: "long", year: "numeric" });
}
