// The entry pad of « Entrer mes dés » (« Entrer mes cartes »), its own bundle (dice-pad.js, fetched at the
// first tap: widget/real-dice.js), met at globalThis.desEtLames.pad: a dialog at the bottom of the screen, for the
// thumb. One slot per draw the engine asks for (rules_py's op "draws"), then the keys of the slot chosen: a
// die's faces (one tap each), a card's suit then its value, or a major arcana; the cards no longer in the
// deck greyed out. « Valider » stays in view whatever the number of draws (the slots scroll, not the keys).
//
//   openDicePad({title, ask(values) → the engine's answer {ok, result|error, field}, done(values),
//                refused(answer): the roll itself is refused (its form), none(): it draws nothing})
//
// The pad knows no rule: what each draw may be comes from the engine, asked as the pad opens, again after
// each card (the cards left depend on those entered before), and once more on « Valider » (the whole entry
// checked: only then is the roll played, by `done`).

import { fr, h, pageLayer } from "../browser/index.js";

const PAD_SUITS = {
  batons: { symbol: "♣", name: "Bâtons" },
  ecus: { symbol: "♦", name: "Écus" },
  coupes: { symbol: "♥", name: "Coupes" },
  dagues: { symbol: "♠", name: "Dagues" },
};
let padSerial = 0;

export function openDicePad(options) {
  const pad = new DicePad(options);
  pad.open();
  return pad;
}

class DicePad {
  constructor({ title, ask, done, refused, none }) {
    this.ask = ask;
    this.done = done;
    this.refused = refused;
    this.none = none;
    this.draws = [];
    this.values = [];
    this.current = 0;
    this.suit = null; // the suit chosen for the current card, before its value
    this.waiting = false;
    const id = `dl-pad-${++padSerial}`;
    this.slots = h("div", { class: "dl-pad__slots" });
    this.prompt = h("p", { class: "dl-pad__prompt", id: `${id}-invite` });
    this.keys = h("div", { class: "dl-pad__keys", role: "group", "aria-labelledby": `${id}-invite` });
    this.message = h("p", { class: "dl-pad__message", role: "status" });
    this.validate = h("button", { type: "button", class: "md-button md-button--primary dl-pad__ok" }, "Valider");
    const close = h("button", { type: "button", class: "md-button dl-pad__close" }, "Annuler");
    this.validate.addEventListener("click", () => this.finish());
    close.addEventListener("click", () => this.dialog.close());
    this.dialog = h("dialog", { class: "dl-pad md-typeset", "aria-labelledby": `${id}-titre` },
      h("div", { class: "dl-pad__head" }, h("h2", { id: `${id}-titre` }, fr(title)), close),
      this.slots, this.prompt, this.keys, this.message, h("div", { class: "dl-pad__foot" }, this.validate));
    this.dialog.addEventListener("close", () => this.dialog.remove());
  }

  async open() {
    pageLayer().append(this.dialog);
    this.dialog.showModal();
    this.prompt.textContent = "Le moteur de dés prépare ce jet…";
    this.validate.disabled = true;
    const first = await this.asking([], true);
    try {
      if (!this.dialog.open) return; // closed meanwhile
      if (first?.ok === false) { // the form is wrong: said where a roll says it
        this.dialog.close();
        this.refused(first);
        return;
      }
      if (first && !first.tirages.length) {
        this.dialog.close();
        this.none();
        return;
      }
      if (!first) return; // the engine failed: said in the pad
      this.draws = first.tirages;
      this.values = this.draws.map(() => null);
      this.validate.disabled = false;
      this.draw();
      this.keys.querySelector("button:not(:disabled)")?.focus({ preventScroll: true });
    } finally {
      this.ready();
    }
  }

  // --- drawing ----------------------------------------------------------

  draw() {
    this.drawSlots();
    this.drawKeys();
  }

  drawSlots() {
    const parts = [];
    let group = null;
    let list = null;
    let die = 0;
    this.draws.forEach((d, i) => {
      const heading = d.type === "de" ? d.groupe : null;
      if (!list || heading !== group) {
        group = heading;
        list = h("div", { class: "dl-pad__row" });
        parts.push(...(heading ? [h("p", { class: "dl-pad__group" }, fr(heading))] : []), list);
      }
      if (d.type === "de") die += 1;
      const value = this.values[i];
      const slot = h("button", { type: "button", class: `dl-pad__slot${i === this.current ? " dl-pad__slot--current" : ""}`,
        "aria-pressed": String(i === this.current) },
      h("span", { class: "dl-pad__slot-name" }, d.type === "de" ? `Dé ${die}` : `Carte ${i + 1}`),
      h("span", { class: "dl-visually-hidden" }, d.type === "de" ? "" : fr(` (${d.libelle})`), "\u00a0: "),
      h("span", { class: "dl-pad__slot-value", "aria-hidden": "true" }, value === null ? "?" : this.short(d, value)),
      h("span", { class: "dl-visually-hidden" }, value === null ? "à entrer" : d.type === "de" ? String(value) : fr(this.fullName(d, value))));
      // A card corrected takes back the cards after it (what they may be depends on it).
      slot.addEventListener("click", () => this.choose(i));
      list.append(slot);
    });
    this.slots.replaceChildren(...parts);
    this.slots.querySelector(".dl-pad__slot--current")?.scrollIntoView({ block: "nearest" });
  }

  // The die's number among the dice (« dé 5 »), or the card's place.
  dieNumber(index) {
    return this.draws.slice(0, index + 1).filter((d) => d.type === "de").length;
  }

  short(draw, value) {
    if (draw.type === "de") return String(value);
    const card = (draw.cartes || []).find((c) => c.valeur === value);
    if (card?.enseigne) return `${value.split("-")[0]}${PAD_SUITS[card.enseigne].symbol}`;
    return card ? card.libelle.split(" — ")[0] : String(value);
  }

  drawKeys() {
    const d = this.draws[this.current];
    this.keys.className = "dl-pad__keys";
    if (!d) {
      this.prompt.textContent = this.draws.length ? "Tout est entré : vérifiez, puis « Valider »." : "Rien à tirer pour cette suite.";
      this.prompt.textContent = fr(this.prompt.textContent);
      this.keys.replaceChildren();
      return;
    }
    if (d.type === "de") {
      const n = this.dieNumber(this.current);
      this.prompt.textContent = fr(`Dé ${n} (${d.groupe.charAt(0).toLowerCase()}${d.groupe.slice(1)}, d${d.faces}) : touchez sa face.`);
      this.keys.classList.add(d.faces > 6 ? "dl-pad__keys--many" : "dl-pad__keys--row");
      this.keys.style.setProperty("--dl-pad-columns", String(d.faces > 6 ? 5 : d.faces));
      this.keys.replaceChildren(...Array.from({ length: d.faces }, (_, k) => this.key(String(k + 1), `Face ${k + 1} du dé ${n}`,
        () => this.enter(k + 1), this.values[this.current] === k + 1)));
      return;
    }
    const cards = d.cartes || d.permises.map((valeur) => ({ valeur, libelle: valeur, permise: true }));
    const suits = [...new Set(cards.map((c) => c.enseigne).filter(Boolean))];
    const head = fr(`Carte ${this.current + 1} sur ${this.draws.length} : ${d.libelle}`);
    if (!suits.length) { // a major arcana
      this.prompt.textContent = fr(`${head}, une lame majeure.`);
      this.keys.classList.add("dl-pad__keys--arcana");
      this.keys.replaceChildren(...cards.map((c) => this.cardKey(c, c.libelle.split(" — ")[0], c.libelle.split(" — ")[1] || "")));
      return;
    }
    const suit = suits.length === 1 ? suits[0] : this.suit;
    if (!suit) {
      this.prompt.textContent = fr(`${head} : son enseigne d’abord.`);
      this.keys.classList.add("dl-pad__keys--suits");
      this.keys.replaceChildren(...suits.map((s) => {
        const left = cards.some((c) => c.enseigne === s && c.permise);
        const key = this.key(`${PAD_SUITS[s].symbol} ${PAD_SUITS[s].name}`, null, () => {
          this.suit = s;
          this.drawKeys();
          this.keys.querySelector("button:not(:disabled)")?.focus({ preventScroll: true });
        });
        key.classList.add(`dl-pad__suit--${s}`);
        key.disabled = !left;
        return key;
      }));
      return;
    }
    this.prompt.textContent = fr(`${head} : sa valeur${suits.length > 1 ? "" : ` (${PAD_SUITS[suit].name})`}.`);
    this.keys.classList.add("dl-pad__keys--many");
    this.keys.style.setProperty("--dl-pad-columns", "5");
    const values = cards.filter((c) => c.enseigne === suit).map((c) => this.cardKey(c, `${c.valeur.split("-")[0]}${PAD_SUITS[suit].symbol}`, ""));
    if (suits.length > 1) {
      const back = this.key("Autre enseigne", null, () => {
        this.suit = null;
        this.drawKeys();
      });
      back.classList.add("dl-pad__back");
      values.push(back);
    }
    this.keys.replaceChildren(...values);
  }

  key(text, label, onTap, chosen = false) {
    const key = h("button", { type: "button", class: `dl-pad__key${chosen ? " dl-pad__key--chosen" : ""}`, ...(label ? { "aria-label": label } : {}) }, text);
    key.addEventListener("click", () => !this.waiting && onTap());
    return key;
  }

  // A card's key: its short name shown, its full name read; a card out of the deck greyed and said so.
  cardKey(card, shown, small) {
    const out = card.permise ? "" : " (déjà sortie du paquet)";
    const key = h("button", { type: "button", class: `dl-pad__key dl-pad__card${card.permise ? "" : " dl-pad__card--out"}` },
      h("span", { "aria-hidden": "true" }, shown), small ? h("small", { "aria-hidden": "true" }, fr(small)) : "",
      h("span", { class: "dl-visually-hidden" }, fr(card.libelle + out)));
    if (card.enseigne) key.classList.add(`dl-pad__suit--${card.enseigne}`);
    key.disabled = !card.permise;
    key.addEventListener("click", () => !this.waiting && this.enter(card.valeur));
    return key;
  }

  // --- entering -----------------------------------------------------------

  choose(index) {
    if (this.waiting) return;
    this.current = index;
    this.suit = null;
    this.say("");
    this.draw();
    this.keys.querySelector("button:not(:disabled)")?.focus({ preventScroll: true });
  }

  async enter(value) {
    const i = this.current;
    const d = this.draws[i];
    this.values[i] = value;
    this.say(fr(d.type === "de" ? `Dé ${this.dieNumber(i)} : ${value}.` : `Carte ${i + 1} : ${this.fullName(d, value)}.`));
    this.suit = null;
    if (d.type === "carte") {
      // The cards after this one depend on it: asked again of the engine, with the cards entered up to it.
      const prefix = this.values.slice(0, i + 1);
      const fresh = await this.asking(prefix);
      if (!fresh) {
        this.values[i] = null;
        this.drawSlots();
        this.ready();
        return;
      }
      this.draws = fresh.tirages;
      this.values = this.draws.map((_, k) => (k <= i ? prefix[k] : null));
    }
    const next = this.values.findIndex((v, k) => v === null && k > i);
    const first = this.values.indexOf(null);
    this.current = next >= 0 ? next : first >= 0 ? first : this.draws.length;
    this.draw();
    this.ready(); // busy until the keys for the next draw are drawn
    (this.current < this.draws.length ? this.keys.querySelector("button:not(:disabled)") : this.validate)?.focus({ preventScroll: true });
  }

  fullName(draw, value) {
    return (draw.cartes || []).find((c) => c.valeur === value)?.libelle || String(value);
  }

  // The engine's draws for these values, or null (its sentence said in the pad); `whole`: the refusal itself.
  // The pad stays busy (its keys inert, aria-busy) until the caller has drawn what the answer changes: ready().
  async asking(values, whole = false) {
    this.waiting = true;
    this.dialog.setAttribute("aria-busy", "true");
    try {
      const answer = await this.ask(values);
      if (!answer.ok && whole) return answer;
      if (!answer.ok) {
        this.say(answer.error, true);
        return null;
      }
      return answer.result;
    } catch (err) {
      this.say(fr(`Le moteur de dés n’a pas répondu : ${err.message}`), true);
      return null;
    }
  }

  ready() {
    this.waiting = false;
    this.dialog.removeAttribute("aria-busy");
  }

  async finish() {
    if (this.waiting) return;
    const missing = this.values.indexOf(null);
    if (missing >= 0) {
      const d = this.draws[missing];
      this.choose(missing);
      this.say(fr(d.type === "de" ? `Il manque le dé ${this.dieNumber(missing)} (${d.groupe.toLowerCase()}).` : `Il manque la carte ${missing + 1} (${d.libelle}).`), true);
      return;
    }
    const checked = await this.asking(this.values);
    this.ready();
    if (!checked) return;
    if (!checked.complet) { // a card entered changed what the roll draws next: more to enter
      this.draws = checked.tirages;
      this.values = this.draws.map((_, k) => this.values[k] ?? null);
      this.choose(this.values.indexOf(null));
      return;
    }
    this.dialog.close();
    this.done(this.values);
  }

  say(text, error = false) {
    this.message.textContent = text;
    this.message.classList.toggle("dl-error", error);
  }
}

(globalThis.desEtLames ||= {}).pad = { openDicePad };
