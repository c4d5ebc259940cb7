// The object a game keeps beside its sheets, on its « Mes personnages » page: Simon's
// « Réserve du meneur » (its porte-poisse points). One per game on this device; its rolls'
// changes are written back by the widgets (sheets/writeback.js); here the meneur reads it,
// sets it (checked against its fields here, kept at once, compare-and-swap) and undoes its last change.

import { fr, h } from "../../browser/index.js";
import { formSheetError, sheetButton, sheetView, tell } from "../index.js";
import { checkReserveHere } from "./check.js";
import { layOver } from "./editor.js";
import { sheetForm } from "./form.js";
import { askPersistence, getReserve, writeReserve } from "../../storage/index.js";

export function reserveSection(page) {
  const spec = page.schema.reserve;
  if (!spec) return null;
  const box = h("section", { class: "dl-sheets__reserve", "aria-labelledby": `${page.el.id}-reserve` });
  const draw = async (text = "") => {
    let record = null;
    try {
      record = await getReserve(page.jeu);
    } catch (err) {
      text = err.message;
    }
    const reserve = record?.reserve || page.schema.reserve_exemple;
    const status = h("p", { class: "dl-sheets__saving", role: "status" });
    const undo = record?.precedente ? sheetButton(`Annuler la dernière modification (${record.precedente.raison})`, async () => {
      // Made by a roll, the Réserve was before as the game starts it.
      const done = await writeReserve(page.jeu, record.rev, record.precedente.reserve || page.schema.reserve_exemple, "annulation");
      draw(done.record ? "Modification annulée." : "La réserve a changé entre-temps : rien n’a été annulé.");
    }) : "";
    box.replaceChildren(
      h("h2", { id: `${page.el.id}-reserve` }, fr(spec.libelle)),
      h("p", {}, fr("Elle reçoit le point de porte-poisse de chaque 1 d’un personnage joueur, quand le jet est fait depuis sa fiche ; le meneur y puise.")),
      sheetView({ champs: spec.champs }, { ...reserve, nom: "" }, "h3"),
      h("p", { class: "dl-sheets__buttons" }, sheetButton("Modifier la réserve", () => edit(record, reserve)), undo),
      status);
    box.querySelector(".dl-sheet-view__name")?.remove();
    tell(status, text);
  };
  const edit = (record, reserve) => {
    const form = sheetForm({ champs: spec.champs }, reserve, `${page.el.id}-reserve-form`);
    const status = h("p", { class: "dl-sheets__saving", role: "status" });
    const save = sheetButton("Enregistrer la réserve", async () => {
      save.disabled = true;
      form.clear();
      const checked = checkReserveHere(page.catalogue, { ...form.read(), modifie: new Date().toISOString() }, "reserve", page.jeu);
      if (checked.error) {
        save.disabled = false;
        const input = form.mark((checked.field || "").replace(/^reserve\./, ""), formSheetError(checked.error, checked.field));
        tell(status, `${formSheetError(checked.error, checked.field)} Rien n’a été enregistré.`, null, "error");
        return (input || status).focus?.();
      }
      let done = await writeReserve(page.jeu, record?.rev || 0, checked.reserve, "modification de la réserve");
      if (done.conflict) { // a roll changed it meanwhile: the meneur's own changes go over it
        const laid = layOver(reserve, checked.reserve, done.conflict.reserve, { champs: spec.champs });
        const again = checkReserveHere(page.catalogue, laid.fiche, "reserve", page.jeu);
        done = again.error ? { error: again.error } : await writeReserve(page.jeu, done.conflict.rev, again.reserve, "modification de la réserve");
      }
      askPersistence();
      draw(done.record ? "Réserve enregistrée sur cet appareil." : done.error || "La réserve change sans cesse : rien n’a été enregistré, réessayez.");
    }, { primary: true });
    box.replaceChildren(h("h2", { id: `${page.el.id}-reserve`, tabindex: "-1" }, fr(`Modifier : ${spec.libelle}`)), form.el,
      h("p", { class: "dl-sheets__buttons" }, save, sheetButton("Abandonner", () => draw())), status);
    box.querySelector("h2").focus();
  };
  draw();
  return { el: box, refresh: () => (box.querySelector(".dl-sheet-form") ? null : draw()) };
}
