// The roll journal as plain French text, for a group's chat.

export function fr(text) {
  return String(text).replace(/ ([;?!])/g, "\u202f$1").replace(/ :/g, "\u00a0:")
    .replace(/« /g, "«\u00a0").replace(/ »/g, "\u00a0»").replace(/n° /g, "n°\u00a0");
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
  return fr(`Jet n° ${entry.n} — ${titleText(entry)} — ${entry.resultat}${dice ? ` (${dice})` : ""}`);
}

export function sessionText(entries) {
  const day = (e) => new Date(e.quand).toLocaleDateString("fr-FR", { dateStyle: "long" });
  const first = day(entries[0]), last = day(entries[entries.length - 1]);
  return [fr(`Journal des jets (Dés & Lames), ${first === last ? `le ${first}` : `du ${first} au ${last}`} :`),
    ...entries.map(entryText)].join("\n");
}
