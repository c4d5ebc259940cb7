// A sheet's changes in the reader's words, one line each (the result's « Fiches de personnage », the
// journal, the undo's reason): « Points de personnage : 2 → 0 », « États : + Blessé »,
// « Éléments : Pilote (2) → Pilote (3) » for an item replaced in its place. Imports nothing:
// tests/test_hooks.py runs it with Node over rules_py's own changes.

export function changeLines(changes) {
  const item = (it) => `${it.nom}${it.score ? ` (${it.score})` : ""}`;
  return changes.map((c) => {
    // an item of the same name replaced in its place (`avant`: the one it replaced): « Pilote (2) → Pilote (3) »
    if ("ajout" in c && c.avant?.nom) return `${c.libelle} : ${item(c.avant)} → ${item(c.ajout)}`;
    if ("ajout" in c) return `${c.libelle} : + ${item(c.ajout)}`;
    if ("retrait" in c) return `${c.libelle} : − ${c.retrait}`;
    return `${c.libelle} : ${c.avant ?? "—"} → ${c.apres ?? "—"}`;
  });
}
