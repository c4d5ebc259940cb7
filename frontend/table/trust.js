// Whom a phone of the table believes (trust on first use). The meneuse's phone keeps the key of each
// player's phone the first time it receives a signed record of it (her sheet, most often: on the copy,
// `cle_publique`, and in `appareils` by the phone's author id), and then refuses a record for that
// character, or from that phone, signed by another key or not signed; a player's phone keeps the
// meneuse's key from her first signed request or scene (`meneurs`, one per game). A new phone is the
// reader's choice, « Accepter ce nouvel appareil », never silent. CHARACTERS.md, « La table ».
//
// The keys are kept in the table's database (`appareils`, `meneurs`: storage/table-keys.js).

import { getTrustedDevice, getTrustedMeneur, keepTrustedMeneur, listReceived } from "../storage/index.js";
import { keyPrint } from "../links/index.js";

const sameName = (a, b) => String(a).trim().toLocaleLowerCase("fr") === String(b).trim().toLocaleLowerCase("fr");

// A record from a player (a sheet, a roll), for `character` ({sujet?, nom?}: the character it is about):
// → {ok: true, copies: the table's copies of that character} | {error: one French sentence, accepter?: true}.
// `accept`: the meneuse chose « Accepter ce nouvel appareil » for this record.
export async function checkPlayerKey(record, character, accept = false) {
  const [device, copies] = await Promise.all([getTrustedDevice(record.auteur), listReceived(record.jeu)]);
  const same = copies.filter((c) => (character.sujet && c.sujet === character.sujet) || (character.nom && sameName(c.fiche.nom, character.nom)));
  const known = [...same.filter((c) => c.cle_publique).map((c) => ({ cle: c.cle_publique, nom: c.fiche.nom })),
    ...(device?.cle_publique ? [{ cle: device.cle_publique, nom: same[0]?.fiche.nom }] : [])];
  const other = known.find((k) => k.cle !== record.cle);
  if (!other || (accept && record.cle)) return { ok: true, copies: same };
  const nom = other.nom || character.nom;
  const whose = nom ? `de « ${nom} »` : "de ce téléphone";
  if (!record.cle) {
    return { error: `Ce lien n’est pas signé, alors que ceux ${whose} le sont\u202F: demandez-lui de vous le montrer de nouveau depuis le site à jour, rien n’a été gardé.` };
  }
  return { accepter: true, error: `Ce lien ${whose} est signé par un autre appareil (${await keyPrint(record.cle)}) que celui que votre table connaît (${await keyPrint(other.cle)})\u202F: si elle a changé de téléphone, touchez « Accepter ce nouvel appareil », sinon ignorez ce lien.` };
}

// A record from the meneuse (a request, a scene), on a player's phone: → {ok: true} | {error, accepter?}.
export async function checkMeneurKey(record, accept = false) {
  const kept = await getTrustedMeneur(record.jeu);
  if (kept?.cle_publique === record.cle) return { ok: true };
  if (kept && !record.cle) {
    return { error: "Ce lien n’est pas signé, alors que ceux de votre meneur le sont\u202F: demandez-lui de le montrer de nouveau depuis le site à jour, rien n’a été réglé." };
  }
  if (kept && !accept) {
    return { accepter: true, error: `Ce lien est signé par un autre appareil (${await keyPrint(record.cle)}) que celui de votre meneur (${await keyPrint(kept.cle_publique)})\u202F: s’il a changé de téléphone, touchez « Accepter ce nouvel appareil », sinon ignorez ce lien.` };
  }
  if (record.cle) await keepTrustedMeneur(record);
  return { ok: true };
}
