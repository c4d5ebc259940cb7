// The table's records and their links. A record is what one device shows to another:
//
//   [kind, jeu, auteur, n, body]   kind "f" a sheet, "j" a roll, "s" a scene
//
// `auteur` is the showing device's random id and `n` its sequence number (storage/table.js): the
// record's id is « auteur.n », a later record of the same author has a higher n. Live sharing could
// carry the same records one by one. The link: the game's table page (« L’écran du meneur »,
// <jeu>/table/) with « table=1. » and the record packed by table/codec.js in its fragment.
// CHARACTERS.md, « La table », is the contract.

import { GAMES, SHEETS_CONFIG } from "../config.js";
import { codecSupported, packJson, unpackJson } from "./codec.js";
import { isPlainObject } from "./sheet-code.js";

export const TABLE_PREFIX = "table=";
const TABLE_FORMAT = 1;
const TABLE_KINDS = new Set(["f", "j", "s"]);
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

export async function recordLink(kind, jeu, auteur, n, body) {
  return `${tablePageUrl(jeu)}#${TABLE_PREFIX}${TABLE_FORMAT}.${await packJson([kind, jeu, auteur, n, body])}`;
}

export function holdsRecord(hash = window.location.hash) {
  return hash.replace(/^#/, "").startsWith(TABLE_PREFIX);
}

// The record of a link's fragment, for the page of game `jeu`: {kind, jeu, auteur, n, id, body}
// | {error: one French sentence} | null when the fragment holds none.
export async function recordFromFragment(hash, jeu) {
  const text = String(hash).replace(/^#/, "");
  if (!text.startsWith(TABLE_PREFIX)) return null;
  const unreadable = { error: "Ce lien de la table est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau." };
  if (text.length > TABLE_MAX_LINK) return { error: "Ce lien est bien trop long pour un lien de la table\u202F: rien n’a été gardé." };
  const [format, data, more] = text.slice(TABLE_PREFIX.length).split(".");
  if (!/^\d{1,6}$/.test(format) || !data || more !== undefined) return unreadable;
  if (Number(format) > TABLE_FORMAT) {
    return { error: "Ce lien vient d’une version plus récente du site\u202F: mettez cette page à jour (rechargez-la, connecté), puis rouvrez le lien." };
  }
  if (Number(format) !== TABLE_FORMAT) return unreadable;
  if (!codecSupported()) return { error: "Ce navigateur ne sait pas ouvrir les liens de la table (trop ancien)." };
  let record;
  try {
    record = await unpackJson(data, TABLE_MAX_BYTES);
  } catch (err) {
    console.warn("La table : lien illisible", err);
    return unreadable;
  }
  if (!Array.isArray(record) || record.length !== 5) return unreadable;
  const [kind, game, auteur, n, body] = record;
  if (!TABLE_KINDS.has(kind) || typeof auteur !== "string" || !/^[A-Za-z0-9_-]{4,22}$/.test(auteur) ||
      !Number.isSafeInteger(n) || n < 1 || !isPlainObject(body) || typeof game !== "string") return unreadable;
  if (!Object.hasOwn(GAMES, game) || !SHEETS_CONFIG.pages[game]) return unreadable;
  if (game !== jeu) {
    return { error: `Ce lien est pour ${GAMES[game]}, pas pour ${GAMES[jeu]}\u202F: ouvrez-le depuis « L’écran du meneur » de ${GAMES[game]}.` };
  }
  return { kind, jeu: game, auteur, n, id: `${auteur}.${n}`, body };
}
