// The table's keys on this device (its database: storage/table.js): this phone's own key pairs, and
// the keys of the other phones it trusts (trust on first use: table/trust.js, links/keys.js).
//
//   moi       {cle: "cles", signature: {privee, publique}, echange: {privee, publique}, quand}: this
//             phone's ECDSA and ECDH key pairs, private keys as non-extractable CryptoKeys
//   appareils {cle: auteur, jeu, cle_publique, dernier_jet?: the highest roll number shown, quand}
//   meneurs   {cle: jeu, auteur, cle_publique, quand}

import { tableTransaction } from "./table.js";

function readOne(store, cle) {
  return tableTransaction([store], "readonly", (stores, finish) => {
    const read = stores[store].get(cle);
    read.onsuccess = () => finish(read.result || null);
  });
}

// This phone's key pairs as kept, or null before its first signed record.
export function readDeviceKeys() {
  return readOne("moi", "cles");
}

// `made` kept, unless another tab kept its own first: → the pairs kept (the first kept wins, and both use it).
export function keepDeviceKeys(made) {
  return tableTransaction(["moi"], "readwrite", ({ moi }, finish) => {
    const read = moi.get("cles");
    read.onsuccess = () => {
      if (read.result) return finish(read.result);
      moi.put({ ...made, cle: "cles" }).onsuccess = () => finish({ ...made, cle: "cles" });
    };
  });
}

// A player's phone as the meneuse's table knows it (by its author id), or null.
export function getTrustedDevice(auteur) {
  return readOne("appareils", auteur);
}

// The key of a player's phone kept (the first signed record of it, or a new phone accepted), with the
// highest roll number it has shown (`rollNumber`, or null). → the numbers skipped since the last shown
// (« 2 jets non montrés »), 0 when none is known.
export function keepTrustedDevice(record, rollNumber = null) {
  return tableTransaction(["appareils"], "readwrite", ({ appareils }, finish) => {
    const read = appareils.get(record.auteur);
    read.onsuccess = () => {
      const kept = read.result || { cle: record.auteur, jeu: record.jeu, cle_publique: null, dernier_jet: null };
      const last = kept.dernier_jet;
      const skipped = Number.isSafeInteger(rollNumber) && Number.isSafeInteger(last) && rollNumber > last + 1 ? rollNumber - last - 1 : 0;
      if (record.cle) kept.cle_publique = record.cle;
      if (Number.isSafeInteger(rollNumber) && !(last >= rollNumber)) kept.dernier_jet = rollNumber;
      kept.quand = Date.now();
      appareils.put(kept).onsuccess = () => finish(skipped);
    };
  });
}

// The meneuse's phone as a player's phone knows it, for game `jeu`, or null.
export function getTrustedMeneur(jeu) {
  return readOne("meneurs", jeu);
}

export function keepTrustedMeneur(record) {
  return tableTransaction(["meneurs"], "readwrite", ({ meneurs }, finish) => {
    meneurs.put({ cle: record.jeu, auteur: record.auteur, cle_publique: record.cle, quand: Date.now() }).onsuccess = () => finish(true);
  });
}
