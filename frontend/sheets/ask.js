// The sheets' small shared pieces of interface: a button, a question with its answers
// (« Remplacer » / « Garder les deux » / « Annuler »), a message area, a moment in words.

import { fr, h } from "../browser/index.js";

export function sheetButton(label, onClick, attrs = {}) {
  const { primary, ...rest } = attrs;
  const el = h("button", { type: "button", class: `md-button${primary ? " md-button--primary" : ""}`, ...rest }, fr(label));
  el.addEventListener("click", onClick);
  return el;
}

// Ask in `box` (hidden until then): resolves to the chosen answer's key; the last answer
// is the safe one and gets the focus (a stray tap never destroys anything).
// The question is each answer's description (the focus lands on an answer: « Annuler, bouton » alone said nothing).
let askSerial = 0;

export function askReader(box, question, answers) {
  return new Promise((resolve) => {
    const id = `dl-sheets-question-${++askSerial}`;
    const buttons = answers.map(([key, label], i) => sheetButton(label, () => {
      box.hidden = true;
      box.replaceChildren();
      resolve(key);
    }, { primary: i === 0, "aria-describedby": id }));
    box.replaceChildren(h("p", { class: "dl-sheets__question", id }, fr(question)), h("p", { class: "dl-sheets__answers" }, ...buttons));
    box.hidden = false;
    buttons[buttons.length - 1].focus();
  });
}

// A message with, maybe, one action beside it (« Annuler »).
export function tell(box, text, action = null, kind = "") {
  box.classList.toggle("dl-sheets__message--error", kind === "error");
  box.replaceChildren(...(text ? [h("span", {}, fr(text))] : []), ...(action ? [" ", action] : []));
}

// A moment, as a French reader says it: « 27/11/2026 à 15:34 ».
export function whenSaid(iso) {
  const date = new Date(iso);
  return `${date.toLocaleDateString("fr-FR")} à ${date.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" })}`;
}
