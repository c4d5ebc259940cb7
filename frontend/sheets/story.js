// One story between a result and its sheets. A roll's step (the roll, or a follow-up: a die added, a
// reroll, a round) may write on sheets and on the Réserve du meneur (sheets/writeback.js); undone (from
// its result's « Annuler », the journal, another tab), the sheets go back to their version before that
// step, and so do the widget's cards: the step's card and those that followed from it go, the card
// before it (Python's own answer for the roll without that step) is the roll's result again, with its
// follow-ups (« Ajouter un dé » offered again); a roll's first step undone stays on screen, said
// undone, with nothing more to play. The roll keeps its number all along.

import { saveHistory } from "../result/index.js";
import { watchSheets } from "../storage/index.js";

// The undo asked by a button of this page (its widget then takes the focus back to its result).
let askedHere = null;

export function askedUndo(key) {
  askedHere = key;
}

// What a step wrote, as a key: its sheets at the revisions it left, and the Réserve's. A Réserve « Pour le
// meneur » (a player's 1s, said for her phone: `ailleurs`) was not written here: no part of the key, as the
// undo leaves it out (sheets/writeback.js undoButton). Keyed with it, the undo of a step whose added die was a
// 1 left its card on screen, the sheet undone under it.
export function writeKey(fiches, reserve) {
  const sheets = (fiches || []).map((f) => `${f.id}@${f.rev}`).sort().join(",");
  return `${sheets}|${reserve && !reserve.ailleurs ? reserve.rev : ""}`;
}

export function followUndone(widget) {
  const jeu = widget.roller.split(".", 1)[0];
  watchSheets((detail) => {
    if (!widget.el.isConnected) return false; // its page has gone (instant navigation)
    if (detail.annule && detail.jeu === jeu) goBack(widget, writeKey(detail.annule.fiches, detail.annule.reserve));
    return true;
  });
}

function goBack(widget, key) {
  const entries = widget.entries;
  const i = entries.findIndex((e) => e.sheets && !e.annule && writeKey(e.sheets.fiches, e.sheets.reserve) === key);
  if (i < 0) return;
  const card = entries[i];
  const roll = card.number;
  const previous = entries.slice(i + 1).find((e) => e.number === roll && !e.error && !e.annule);
  const from = previous ? entries.indexOf(previous) : i; // the roll's cards newer than this one go
  const next = [];
  entries.forEach((e, j) => {
    if (e.number === roll && j < from && j !== i) return; // followed from the undone step, or refused after it
    if (j === i) {
      if (!previous) next.push({ ...card, annule: true });
      return;
    }
    // The card before: the sheets' one undo is spent, its own write-back can no longer be undone.
    next.push(e === previous && e.sheets ? { ...e, sheets: { ...e.sheets, fige: true } } : e);
  });
  widget.entries = next;
  const newest = next[0];
  if (newest?.number === roll && widget.lastRoll) {
    widget.lastRoll.steps = widget.lastRoll.steps.slice(0, newest.annule ? 0 : newest.etape || 0);
  }
  widget.lastResult = next.find((e) => e.result && !e.annule)?.result ?? null;
  saveHistory(widget, next);
  const focus = askedHere === key;
  if (focus) askedHere = null;
  widget.draw(focus, focus ? "Changement annulé : les fiches sont revenues à leur version d’avant." : "");
}
