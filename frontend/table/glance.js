// A sheet at a glance, as the meneur needs it at the table: what the rules ask of it most
// (Solaires: elements, états and points; Système Féerie: elements; Simon Système: caractéristiques,
// compétences and heroism; De Cœur & D’Acier: forces, fortune, relations and values). Plain text.

const GLANCE_SUITS = [["batons", "Bâtons"], ["ecus", "Écus"], ["coupes", "Coupes"], ["dagues", "Dagues"]];
const GLANCE_LEVELS = { "tres-faible": "très faible", faible: "faible", normale: "normale", "au-dessus": "au-dessus", heroique: "héroïque" };
const GLANCE_ARCANA = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

const listOf = (items, text) => (items || []).map(text).join(" · ");

// [[label, text], …]: the lines of a sheet's glance (empty ones left out).
export function glanceLines(jeu, f) {
  const lines = {
    solaires: () => [
      ["Éléments", listOf(f.elements, (e) => `${e.nom}${e.marque ? ` (${e.marque[0].toUpperCase()}${e.marque.slice(1)})` : ""} ${e.score}`)],
      ["États", listOf(f.etats, (e) => `${e.nom} ${e.score}`)],
      ["Points de personnage", `${f.points} / ${f.points_max}`],
    ],
    feerie: () => [["Éléments", listOf(f.elements, (e) => `${e.nom} ${e.score}`)]],
    simon: () => [
      ["Caractéristiques", listOf(f.caracteristiques, (c) => `${c.abreviation} ${GLANCE_LEVELS[c.niveau] || c.niveau}`)],
      ["Compétences", listOf(f.competences, (c) => `${c.nom} ${c.valeur}${c.caracteristiques?.length ? ` (${c.caracteristiques.join(", ")})` : ""}`)],
      ["Héroïsme", f.heroisme ? `${f.heroisme.points} points (départ ${f.heroisme.depart}, plafond ${2 * f.heroisme.depart})` : ""],
    ],
    dcda: () => [
      ["Forces", f.forces ? GLANCE_SUITS.map(([key, label]) => `${label} ${f.forces[key]}`).join(" · ") : ""],
      ["Fortune", Number.isInteger(f.fortune) ? GLANCE_ARCANA[f.fortune] || String(f.fortune) : "à tirer"],
      ["Relations et valeurs", listOf(f.relations_valeurs, (r) => `${r.nom} ${r.niveau}`)],
    ],
  }[jeu];
  return (lines ? lines() : []).filter(([, text]) => text);
}
