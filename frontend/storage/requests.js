// The meneuse's requests (« Demander un jet »: table/ask.js), kept on her phone (`demandes` of the table's
// database, storage/table.js) with the answers her players' rolls brought back. A request is answered once per character (or per phone, for
// a roll with no character): a second answer is kept and shown as such, and counted nowhere.
//
//   demandes {cle: the request's id « auteur.n », jeu, quand, lanceur, titre, qui: {sujet, nom} | null (the
//            whole table), valeurs: {parameter: value fixed}, secret, lien, reponses: [{jet: the roll's id,
//            auteur, personnage, resultat, reussite, premiere, quand}]}

import { tableChanged, tableTransaction } from "./table.js";

export async function keepRequest(request) {
  await tableTransaction(["demandes"], "readwrite", ({ demandes }, finish) => {
    demandes.put(request).onsuccess = () => finish(true);
  });
  tableChanged(request.jeu);
}

export function getRequest(cle) {
  return tableTransaction(["demandes"], "readonly", ({ demandes }, finish) => {
    const read = demandes.get(cle);
    read.onsuccess = () => finish(read.result || null);
  });
}

export function listRequests(jeu) {
  return tableTransaction(["demandes"], "readonly", ({ demandes }, finish) => {
    const all = demandes.index("jeu").getAll(jeu);
    all.onsuccess = () => finish(all.result.sort((a, b) => b.quand - a.quand));
  });
}

export async function forgetRequest(request) {
  await tableTransaction(["demandes"], "readwrite", ({ demandes }, finish) => {
    demandes.delete(request.cle).onsuccess = () => finish(true);
  });
  tableChanged(request.jeu);
}

// Whether a roll would be the first answer of its character (or phone) to the request.
export function firstAnswer(request, auteur, personnage) {
  return !request.reponses.some((r) => sameAnswerer(r, auteur, personnage));
}

function sameAnswerer(answer, auteur, personnage) {
  return personnage ? answer.personnage === personnage : !answer.personnage && answer.auteur === auteur;
}

// An answer added once by its roll's id (the same link opened twice is one answer). → the request after.
export async function addAnswer(cle, answer) {
  const done = await tableTransaction(["demandes"], "readwrite", ({ demandes }, finish, abort) => {
    const read = demandes.get(cle);
    read.onsuccess = () => {
      const request = read.result;
      if (!request) return abort(null);
      if (request.reponses.some((r) => r.jet === answer.jet)) return abort(request);
      request.reponses.push({ ...answer, premiere: firstAnswer(request, answer.auteur, answer.personnage) });
      demandes.put(request).onsuccess = () => finish(request);
    };
  });
  if (done) tableChanged(done.jeu);
  return done;
}
