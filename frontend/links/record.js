// The table's records and their links. A record is what one device shows to another:
//
//   [kind, jeu, auteur, n, body]   kind "f" a sheet, "j" a roll, "s" a scene, "d" a request of the
//                                  meneuse (table/request.js), "x" a secret roll (links/secret.js)
//
// `auteur` is the showing device's random id and `n` its sequence number (storage/table.js): the
// record's id is « auteur.n », a later record of the same author has a higher n. Live sharing could
// carry the same records one by one. The link: the game's table page (« L’écran du meneur »,
// <jeu>/table/) with « table=2. », the record packed by links/codec.js, the phone's public key and its
// signature in its fragment (links/envelope.js). Links of format 1 (« table=1. », unsigned: made before
// signatures) still open, said unsigned. CHARACTERS.md, « La table », is the contract.

import { GAMES, SHEETS_CONFIG } from "../config.js";
import { codecSupported, packJson, unpackJson } from "./codec.js";
import { SIGNED_FORMAT, openSealed, sealData } from "./envelope.js";
import { deviceKeys } from "./keys.js";
import { isPlainObject } from "./sheet-code.js";

export const TABLE_PREFIX = "table=";
const UNSIGNED_FORMAT = 1;
const TABLE_KINDS = { 1: new Set(["f", "j", "s"]), 2: new Set(["f", "j", "s", "d", "x"]) };
const TABLE_MAX_LINK = 8000; // characters of a fragment: far beyond any record a phone makes
const TABLE_MAX_BYTES = 64 * 1024; // a record unpacked: a sheet is at most 64 KB
export const QR_MAX_LINK = 650; // a QR code of version 20 at level M holds 666 bytes: the link, whole

// A page of the site by its path from the root (assets/rollers/<bundle>.js is two folders down).
export function siteUrl(path) {
  return new URL(path, new URL("../../", import.meta.url)).href;
}

export function tablePageUrl(jeu) {
  return siteUrl(`${jeu}/table/`);
}

// The link of a record, signed by this phone (its keys made at its first record).
export async function recordLink(kind, jeu, auteur, n, body) {
  const { signature } = await deviceKeys();
  const sealed = await sealData(await packJson([kind, jeu, auteur, n, body]), signature.privee, signature.publique);
  return `${tablePageUrl(jeu)}#${TABLE_PREFIX}${SIGNED_FORMAT}.${sealed}`;
}

export function holdsRecord(hash = window.location.hash) {
  return hash.replace(/^#/, "").startsWith(TABLE_PREFIX);
}

// The record of a link's fragment, for the page of game `jeu`: {kind, jeu, auteur, n, id, body, cle: the
// public key that signed it, null for a link of format 1} | {error: one French sentence} | null when the
// fragment holds none. A signature that does not match is a link altered on its way: unreadable.
export async function recordFromFragment(hash, jeu) {
  const text = String(hash).replace(/^#/, "");
  if (!text.startsWith(TABLE_PREFIX)) return null;
  const unreadable = { error: "Ce lien de la table est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau." };
  if (text.length > TABLE_MAX_LINK) return { error: "Ce lien est bien trop long pour un lien de la table\u202F: rien n’a été gardé." };
  const [format, ...parts] = text.slice(TABLE_PREFIX.length).split(".");
  if (!/^\d{1,6}$/.test(format) || !parts[0]) return unreadable;
  if (Number(format) > SIGNED_FORMAT) {
    return { error: "Ce lien vient d’une version plus récente du site\u202F: mettez cette page à jour (rechargez-la, connecté), puis rouvrez le lien." };
  }
  if (![UNSIGNED_FORMAT, SIGNED_FORMAT].includes(Number(format)) || (Number(format) === UNSIGNED_FORMAT && parts.length !== 1)) return unreadable;
  if (!codecSupported()) return { error: "Ce navigateur ne sait pas ouvrir les liens de la table (trop ancien)." };
  let sealed = { data: parts[0], cle: null };
  if (Number(format) === SIGNED_FORMAT) {
    if (!globalThis.crypto?.subtle) return { error: "Ce navigateur ne sait pas vérifier les liens signés de la table (trop ancien, ou une page hors HTTPS)." };
    sealed = await openSealed(parts);
    if (!sealed) return unreadable;
  }
  let record;
  try {
    record = await unpackJson(sealed.data, TABLE_MAX_BYTES);
  } catch (err) {
    console.warn("La table : lien illisible", err);
    return unreadable;
  }
  if (!Array.isArray(record) || record.length !== 5) return unreadable;
  const [kind, game, auteur, n, body] = record;
  if (!TABLE_KINDS[Number(format)].has(kind) || typeof auteur !== "string" || !/^[A-Za-z0-9_-]{4,22}$/.test(auteur) ||
      !Number.isSafeInteger(n) || n < 1 || !isPlainObject(body) || typeof game !== "string") return unreadable;
  if (!Object.hasOwn(GAMES, game) || !SHEETS_CONFIG.pages[game]) return unreadable;
  if (game !== jeu) {
    return { error: `Ce lien est pour ${GAMES[game]}, pas pour ${GAMES[jeu]}\u202F: ouvrez-le depuis « L’écran du meneur » de ${GAMES[game]}.` };
  }
  return { kind, jeu: game, auteur, n, id: `${auteur}.${n}`, body, cle: sealed.cle };
}
