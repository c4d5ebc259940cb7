// « dés réels », « cartes réelles »: what every view of a roll says when its dice were the reader's own,
// entered by hand (the result's `reels`: rules_py/api.py). De Cœur & D'Acier draws cards, the others roll dice.

export function realDiceWords(roller) {
  return String(roller || "").startsWith("dcda.") ? "cartes réelles" : "dés réels";
}
