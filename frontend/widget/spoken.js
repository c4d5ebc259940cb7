// What a roller's live region says of a result (WCAG 4.1.3), as a screen reader user needs it: the roll's
// number, the follow-up it answers and what that step drew, the outcome (once: not « Échec : Échec »), and
// what it wrote on the sheets. A die added after the roll was heard as the first result, word for word.

import { fr } from "../browser/index.js";

export function spokenResult(entry) {
  const step = entry.suite ? `, suite « ${entry.suite} »` : "";
  if (entry.error) return fr(`Jet n° ${entry.number}${step} : ${entry.error}`);
  const result = entry.result;
  const drawn = entry.etape ? stepDraw(result) : "";
  const word = { true: "Réussite", false: "Échec" }[result.reussite] ?? "";
  const said = String(result.resultat);
  const outcome = word && !said.toLowerCase().startsWith(word.toLowerCase()) ? `${word} : ${said}` : said;
  const head = `Jet n° ${entry.number}${step}${drawn} : ${outcome}`;
  const lines = writtenLines(entry);
  return fr(lines.length ? [head.replace(/[.\s]*$/, "."), ...lines].join(" ") : head);
}

// « (tirage : 8) » (a step's own dice or cards, by the names the result gives them).
function stepDraw(result) {
  const drawn = result.tirage || [];
  if (!drawn.length) return "";
  const named = new Map((result.des || []).flatMap((group) => group.des).map((d) => [String(d.valeur), d.libelle || String(d.valeur)]));
  return ` (tirage : ${drawn.map((d) => named.get(String(d)) || String(d)).join(", ")})`;
}

// « Ysil — Points d’héroïsme : 20 → 18. », as the result's card says it (sheets/writeback.js).
function writtenLines(entry) {
  const info = entry.sheets;
  if (!info) return [];
  if (entry.annule) return ["Annulé : les fiches sont revenues à leur version d’avant ce jet."];
  const lines = (info.fiches || []).map((f) => `${f.nom} — ${f.lignes.join(" ; ")}.`);
  for (const copy of info.ailleurs || []) lines.push(`${copy.nom} — ${copy.lignes.join(" ; ")} : sur la fiche de son joueur.`);
  if (info.reserve) lines.push(`${info.reserve.ailleurs ? "Pour le meneur" : "Réserve du meneur"} — ${info.reserve.lignes.join(" ; ")}.`);
  if (info.probleme) lines.push(info.probleme);
  return lines;
}
