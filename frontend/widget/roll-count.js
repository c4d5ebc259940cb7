// This phone's rolls, numbered per game (localStorage): a roll shown to the meneur carries its number
// (table/roll.js), and her screen says when numbers are missing between two rolls shown (« 2 jets non
// montrés »): rolls made and not shown, whatever the reason. A book example or a link played again is no roll.

const ROLL_COUNT_KEY = "des-et-lames:jets-numerotes";

// The number of this roll of `roller`'s game on this phone, or null when the browser keeps nothing.
export function countRoll(roller) {
  const jeu = roller.split(".", 1)[0];
  try {
    const counts = JSON.parse(localStorage.getItem(ROLL_COUNT_KEY) || "{}");
    counts[jeu] = (Number.isSafeInteger(counts[jeu]) ? counts[jeu] : 0) + 1;
    localStorage.setItem(ROLL_COUNT_KEY, JSON.stringify(counts));
    return counts[jeu];
  } catch {
    return null;
  }
}
