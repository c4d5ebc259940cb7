// « Entrer mes dés » (De Cœur & D’Acier: « Entrer mes cartes »), beside « Lancer »: the roll played with
// the faces of the reader's own dice, or the cards she drew from her own tarot. The engine says what the
// roll draws (rules_py's op "draws"), the pad takes them (widget/dice-pad.js), then the roll goes as a
// tap on « Lancer » does (widget.run), with `dice` and `reels: true`: the same outcome, odds, follow-ups,
// write-back, journal and links; every view of it says « dés réels ». A follow-up of such a roll that
// draws (a die added, a die rerolled, a round's cards) asks for its draws the same way.

import { badNumber, readForm } from "../form/index.js";
import { fr, loadBundle } from "../browser/index.js";
import { pageSystems, runtime } from "../engine/index.js";

export function bindRealDice(widget) {
  const button = widget.el.querySelector(".dl-real");
  if (!button) return;
  // A sheet follow-up of a roll of real cards (sheets/writeback.js): its draws, entered → the values.
  widget.enterSheetDraws = (request, title) =>
    new Promise((resolve) => enterDraws(widget, request, title, { done: resolve, none: () => resolve([]), refused: () => resolve([]) }));
  button.addEventListener("click", () => {
    if (badNumber(widget.form)) { // « 4e » in a number field: refused in its own words, as « Lancer » does
      widget.run({ op: "roll", roller: widget.roller, params: {} }, true, null, widget.form);
      return;
    }
    const params = readForm(widget.form);
    const roll = { op: "roll", roller: widget.roller, params };
    enterDraws(widget, roll, button.textContent.trim(), {
      done: (dice) => widget.run({ ...roll, dice, reels: true }, true, null, widget.form),
      // A roll that draws nothing (an automatic success) is the roll « Lancer » makes.
      none: () => widget.run(roll, true, null, widget.form),
    });
  });
}

// A follow-up of a roll whose dice were entered: its own draws entered too; one that draws nothing (a
// veto) is played at once, still the same roll of real dice.
export function enterFollowUp(widget, request, form, follows) {
  const play = (dice) => widget.run({ ...request, dice, reels: true }, false, null, form, follows);
  enterDraws(widget, request, follows.suite, { done: play, none: () => play([]), refused: () => play([]) });
}

// The pad (its bundle fetched at the first tap: a page whose reader never enters her dice pays nothing for it),
// asking the engine with the request as it would be sent (the chosen character's sheets with it).
async function enterDraws(widget, request, title, { done, none, refused = null }) {
  const ask = async (dice) => {
    const sheetOwn = request.op === "sheet_followup"; // it carries its sheet already
    const { request: sent } = widget.sheets && !sheetOwn ? await widget.sheets.decorate(request) : { request };
    return runtime.call({ ...sent, op: "draws", dice }, pageSystems());
  };
  try {
    await loadBundle("dice-pad.js");
  } catch (err) {
    widget.showError(fr(`« Entrer mes dés » n’a pas pu s’ouvrir (${err.message}) ; « Lancer » reste possible.`), null, 0);
    return;
  }
  globalThis.desEtLames.pad.openDicePad({
    title,
    ask,
    done,
    none,
    // The form refused: the roll is asked as it is, and refused in the words and place a roll's refusal has.
    refused: refused || (() => widget.run({ ...request, dice: [], reels: true }, true, null, widget.form)),
  });
}
