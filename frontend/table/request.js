// « Demander un jet »: the meneuse's request (record "d"), opened on a player's phone. It sets the same
// roller of the table page to its page's preset and the values she fixed (marked « fixé par le meneur »: seen, not changed),
// chooses the player's own character when her phone holds the one named, and marks the rolls of that
// roller as its answers: « Montrer ce jet » then answers that request (table/roll.js, `r`). A secret
// request (« Jet secret ») carries the meneuse's ECDH public key: the roll is not shown on the player's
// phone, only sent, encrypted to hers (links/secret.js), as a record "x" {q: the request's id, s: the roll's
// body sealed}.
//
//   body {l: the roller's name in its game, p: {parameter: value fixed, as typed}, t?: what it is for
//         (80 characters at most), q?: {i: the character's subject, n: her name} (none: the whole table),
//         x?: the meneuse's ECDH P-256 public key, raw, base64url (a secret roll)}

import { fr, h, storageTrouble } from "../browser/index.js";
import { sheetButton } from "../sheets/index.js";
import { listSheets, nextSequence } from "../storage/index.js";
import { presetForm } from "./ask.js";
import { isPlainObject, recordLink, sealSecret, secretContext, showLink } from "../links/index.js";
import { rollBody } from "./roll.js";
import { subjectOf } from "./show-sheet.js";

const REQUEST_TITLE_MAX = 80;
const PICKER_WAIT_MS = 15000;
const UNREADABLE_REQUEST = "Ce lien de la table est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau.";

export function validRequestBody(body) {
  const { l: name, p: params, t: title, q: who, x: key } = body;
  return typeof name === "string" && /^[a-z_]{1,40}$/.test(name) && isPlainObject(params) &&
    Object.values(params).every((v) => typeof v === "string" && v.length <= 400) && Object.keys(params).length <= 40 &&
    (title === undefined || (typeof title === "string" && title.trim().length > 0 && title.length <= REQUEST_TITLE_MAX)) &&
    (who === undefined || (isPlainObject(who) && typeof who.n === "string" && who.n.length <= 60 &&
      (who.i === undefined || (typeof who.i === "string" && /^[A-Za-z0-9_-]{1,22}$/.test(who.i))))) &&
    (key === undefined || (typeof key === "string" && /^[A-Za-z0-9_-]{87}$/.test(key)));
}

// What the request is, in a few words: its title, else the roller's.
export function requestTitle(body, rollerTitle) {
  return body.t?.trim() || rollerTitle;
}

// The request opened on a player's phone → {kind, text, scene: {title, el}}: its roller set and marked.
export async function applyRequest(record) {
  const body = record.body;
  if (!validRequestBody(body)) return { kind: "error", text: UNREADABLE_REQUEST };
  const el = document.querySelector(`.dl-roller[data-roller="${record.jeu}.${body.l}"]`);
  if (!el) return { kind: "error", text: "Cette demande est pour un lanceur que cette page n’a pas\u202F: mettez le site à jour, puis rouvrez le lien." };
  const widget = el.dlWidget; // woken now (widget/wake.js)
  const kit = widget.formKit;
  const form = widget.form;
  for (const wrapper of form.querySelectorAll(".dl-field--fixe")) unlockField(wrapper);
  presetForm(widget); // the page's preset, as on her phone: what she changed is what she fixed
  const names = new Set([...form.querySelectorAll("[name][data-kind]")].map((input) => input.name));
  const fixed = Object.fromEntries(Object.entries(body.p).filter(([key]) => names.has(key)));
  kit.writeForm(form, fixed);
  for (const name of Object.keys(fixed)) lockField(kit.formInput(form, name));
  widget.scheduleOdds();
  const rollerTitle = el.querySelector(`[id="${CSS.escape(el.id)}-titre"]`)?.textContent.trim() || body.l;
  const title = requestTitle(body, rollerTitle);
  const secret = Boolean(body.x);
  widget.asked = (entry, sent) => markAnswer(widget, entry, sent, record, title);
  el.querySelector(".dl-table-scene")?.remove();
  el.querySelector(".dl-roller__title")?.after(h("div", { class: "dl-table-scene dl-table-request" },
    h("p", {}, h("strong", {}, "Jet demandé par le meneur : "), fr(`« ${title} »${body.q ? ` pour ${body.q.n}` : ", à toute la table"}.`)),
    secret ? h("p", { class: "dl-table-request__secret" }, fr("Jet secret : votre téléphone ne vous en montrera pas le résultat, il l’enverra au meneur, chiffré pour le sien.")) : ""));
  const mine = body.q?.i ? await ownSheetOf(record.jeu, body.q.i) : null;
  if (mine) chooseCharacter(el, mine.id);
  const then = secret ? "lancez (le résultat part au meneur, caché)" : "lancez, puis touchez « Montrer ce jet »";
  const fixedSaid = Object.keys(fixed).length ? "les valeurs qu’il a fixées sont marquées, " : "";
  return { kind: "ok", scene: { title, el },
    text: `Le meneur vous demande un jet${body.q ? ` (pour ${body.q.n})` : ""}\u00a0: « ${title} »\u202F; ${fixedSaid}${mine ? "votre personnage est choisi, " : ""}${then}.` };
}

// A field the meneuse fixed: shown as it is, marked, and not changed by a tap (a disabled field would
// not be sent with the roll: it stays enabled, its other choices are).
function lockField(input) {
  const wrapper = input?.closest(".dl-field");
  if (!wrapper) return;
  wrapper.classList.add("dl-field--fixe");
  if (input.tagName === "SELECT") for (const option of input.options) option.disabled = option.value !== input.value;
  else if (input.type === "checkbox") input.addEventListener("click", preventChange);
  else input.readOnly = true;
  input.setAttribute("aria-readonly", "true");
  wrapper.querySelector("label")?.append(h("span", { class: "dl-field__fixe" }, " (fixé par le meneur)"));
}

function unlockField(wrapper) {
  wrapper.classList.remove("dl-field--fixe");
  wrapper.querySelector(".dl-field__fixe")?.remove();
  for (const input of wrapper.querySelectorAll("[name][data-kind]")) {
    input.removeAttribute("aria-readonly");
    input.readOnly = false;
    input.removeEventListener("click", preventChange);
    for (const option of input.options || []) option.disabled = false;
  }
}

function preventChange(event) {
  event.preventDefault();
}

async function ownSheetOf(jeu, subject) {
  const sheets = await listSheets(jeu).catch(storageTrouble("vos fiches", []));
  return sheets.find((record) => !record.refus && subjectOf(record.fiche.id) === subject) || null;
}

// Her character chosen in the roller's « Personnage » choice, once it is drawn (sheets/picker.js, fiches.js).
function chooseCharacter(el, id) {
  const pick = () => {
    const select = el.querySelector(".dl-roller__sheets select[data-sheet-place]");
    if (!select || ![...select.options].some((option) => option.value === id)) return false;
    if (select.value !== id) {
      select.value = id;
      select.dispatchEvent(new Event("change"));
    }
    return true;
  };
  if (pick()) return;
  const watcher = new MutationObserver(() => pick() && watcher.disconnect());
  watcher.observe(el, { childList: true, subtree: true });
  setTimeout(() => watcher.disconnect(), PICKER_WAIT_MS);
}

// The widget's hook for each answer (widget/widget.js `asked`): a roll and its follow-ups answer the
// request; a secret one is sent, never shown. → true when the widget shows nothing of it.
async function markAnswer(widget, entry, sent, record, title) {
  const earlier = widget.entries.find((e) => e.number === entry.number && e.demande);
  if (sent.op === "roll") entry.demande = { id: record.id, titre: title, secret: Boolean(record.body.x) };
  else if (earlier) entry.demande = earlier.demande;
  if (!record.body.x || sent.op !== "roll") return false;
  await sendSecretRoll(widget, entry, record);
  return true;
}

async function sendSecretRoll(widget, entry, record) {
  const jeu = record.jeu;
  const { auteur, n } = await nextSequence();
  const { q, ...body } = rollBody(widget, entry); // the request's id is said once, outside (and bound by the context)
  const sealed = await sealSecret(body, record.body.x, secretContext(jeu, auteur, n, q));
  const link = await recordLink("x", jeu, auteur, n, { q, s: sealed });
  const show = () => showLink(link, "Jet secret envoyé au meneur",
    "Seul le téléphone du meneur qui a demandé ce jet peut le lire : le lien est chiffré pour lui. Transféré ailleurs, il ne dit rien. Ce que le jet change sur votre fiche y est écrit, comme pour tout jet.");
  const said = fr(`Jet n° ${entry.number} : jet secret envoyé au meneur.`);
  const line = h("p", { class: "dl-secret-sent", tabindex: "-1" }, said);
  delete widget.output.dataset.pending;
  widget.output.dataset.roll = String(entry.number);
  widget.output.replaceChildren(h("div", { class: "dl-result dl-result--secret", "data-roll": String(entry.number) },
    line, h("p", {}, sheetButton("Montrer de nouveau son code", show))));
  widget.live.textContent = said;
  line.scrollIntoView({ block: "center" }); // where she is when the code is closed
  await show();
}
