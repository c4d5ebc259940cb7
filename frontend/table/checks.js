// What a player's roll may say, checked on the meneuse's phone once the rules have played it again
// (table/receive.js): the rules check the dice and the parameters; these, what a player's phone may ask
// of the meneuse's. A roll of the meneur (« Qui lance » : le meneur, on every side) is hers to make; the
// porte-poisse of her Réserve (Simon Système) is spent by her alone, unless her own request fixed it;
// and an answer to her request keeps the values she fixed. Pure functions of the rules' answers
// (their checked `parametres`, the follow-ups' parameters, the Réserve's changes).

const SIDE_PARAM = /^qui(_[a-z])?$/;
const MENEUR_SIDE = "meneur";

// A value as the rules check it and as a form holds it, made comparable: « −2 », "-2" and -2; "3, 3" and [3, 3].
export function sameFixedValue(a, b) {
  const plain = (v) => (Array.isArray(v) ? v.join(",") : String(v ?? "")).replace(/\u2212/g, "-").replace(/\s+/g, "").replace(/^\+/, "").toLowerCase();
  return plain(a) === plain(b);
}

// The sides of a roll the meneur plays: their suffixes ("" alone, "_a", "_b"), and whether every side is hers.
export function meneurSides(parametres) {
  const sides = Object.keys(parametres || {}).filter((name) => SIDE_PARAM.test(name));
  const hers = sides.filter((name) => parametres[name] === MENEUR_SIDE).map((name) => name.slice(3));
  return { hers, all: sides.length > 0 && hers.length === sides.length };
}

// Why a player's roll may not be counted on the meneuse's phone, or null. `parametres`: the roll's checked
// parameters; `steps`: its follow-ups [{a, p?}]; `reserveChanges`: what it did to her Réserve; `fixed`: the
// values her request fixed ({} for a roll she did not ask); `label(name)`: a parameter's French label.
export function rollRefusal(parametres, steps, reserveChanges, fixed, label) {
  const { hers, all } = meneurSides(parametres);
  if (all) {
    return "Ce lien porte un jet du meneur (« Qui lance » : le meneur)\u202F: le meneur le fait sur son propre téléphone, rien n’a été compté.";
  }
  const broken = Object.keys(fixed).filter((name) => !sameFixedValue(parametres?.[name], fixed[name]));
  if (broken.length) {
    return `Cette réponse ne garde pas ce que vous aviez fixé (${broken.map(label).join(", ")})\u202F: rien n’a été compté, demandez le jet de nouveau.`;
  }
  // Porte-poisse spent for a side the meneur plays: before the roll as her request fixed it, never after.
  const spentBefore = hers.filter((side) => Number(parametres[`heroisme${side}`]) > 0 && !(`heroisme${side}` in fixed));
  const spentAfter = steps.some((step) => hers.includes(`_${step.p?.camp}`));
  const allowed = hers.reduce((sum, side) => sum + (`heroisme${side}` in fixed ? Number(parametres[`heroisme${side}`]) || 0 : 0), 0);
  const lost = reserveChanges.reduce((sum, change) => sum + Math.min(0, Number(change.ecart) || 0), 0);
  if (spentBefore.length || spentAfter || -lost > allowed) {
    return "Ce jet dépense des points de porte-poisse de votre Réserve\u202F: seul le meneur les dépense (ou les fixe dans sa demande), rien n’a été compté.";
  }
  return null;
}
