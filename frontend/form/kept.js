// Fields kept in this browser (localStorage), by system: De Cœur & D’Acier's
// "Table de confrontation" is printed on the player's sheet, typed once, reused everywhere.

import { fr, h } from "../browser/index.js";

const KEPT_FIELDS = { dcda: ["table"] };
const KEPT_PREFIX = "des-et-lames:";
const keptInputs = new WeakSet();

export function bindKeptFields(widget) {
  const system = widget.roller.split(".", 1)[0];
  for (const name of KEPT_FIELDS[system] || []) {
    const input = widget.form.querySelector(`[name="${CSS.escape(name)}"]`);
    if (!input || keptInputs.has(input)) continue; // folded (bound once made), or bound already
    keptInputs.add(input);
    const key = `${KEPT_PREFIX}${system}.${name}`;
    const note = h("p", { class: "dl-field__kept", id: `${input.id}-garde` });
    input.closest(".dl-field")?.append(note);
    input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
    const show = (stored, failure) => {
      if (failure) {
        note.replaceChildren(h("span", { class: "dl-error" },
          fr(`Ce navigateur refuse d’enregistrer la table (${failure}) : elle ne sera pas gardée après cette page.`)));
        return;
      }
      if (!stored) {
        note.replaceChildren("Sera enregistrée dans ce navigateur (et nulle part ailleurs) dès que vous la saisissez.");
        return;
      }
      const clear = h("button", { type: "button", class: "md-button dl-kept-clear" }, "Effacer la table enregistrée");
      clear.addEventListener("click", () => {
        input.value = "";
        const done = keptStore("remove", key);
        show(done.value, done.failure);
        widget.scheduleOdds();
      });
      note.replaceChildren(h("span", {}, "✔ Enregistrée dans ce navigateur. "), clear);
    };
    const stored = keptStore("get", key);
    if (stored.value && input.value.trim() === "") input.value = stored.value;
    show(stored.value, stored.failure);
    // Kept as it is typed, not when the field loses focus: the note below must not grow
    // between the press and the release of a tap on « Lancer ».
    input.addEventListener("input", () => {
      const value = input.value.trim();
      const done = keptStore(value ? "set" : "remove", key, value);
      show(done.value, done.failure);
    });
  }
}

function keptStore(op, key, value) {
  // localStorage may be missing or throw (private browsing, storage disabled): say so, in French.
  try {
    if (op === "get") return { value: globalThis.localStorage.getItem(key) || "", failure: "" };
    if (op === "set") globalThis.localStorage.setItem(key, value);
    else globalThis.localStorage.removeItem(key);
    return { value: op === "set" ? value : "", failure: "" };
  } catch (err) {
    const why = err?.name === "QuotaExceededError" ? "plus de place" : "stockage local indisponible, navigation privée ?";
    return { value: "", failure: why };
  }
}
