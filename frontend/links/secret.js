// A secret roll (record "x"), readable by the meneuse's phone only: her request carried her ECDH P-256
// public key (links/keys.js); the player's phone makes a key pair for this roll alone, derives with hers
// a shared secret (ECDH), from it an AES-256-GCM key (HKDF-SHA-256, its info naming the record), and
// encrypts the roll's body, packed as a record is (links/codec.js). All WebCrypto: nothing of its own.
//
//   sealed: base64url of the roll's own public key (raw, 65 bytes), the nonce (12 bytes), then the
//           ciphertext with its tag (16 bytes)
//
// `context` names the record (« simon|<auteur>|<n>|<request id> »): it is the key's info and the
// cipher's additional data, so a sealed body moved into another record, or sent to another request,
// does not open. Pure functions (tests/test_table_links.py runs them in Node).

import { fromBase64Url, packJson, toBase64Url, unpackJson } from "./codec.js";

const ECDH_P256 = { name: "ECDH", namedCurve: "P-256" };
const SECRET_INFO = "des-et-lames:table:secret:";
const SECRET_MAX_BYTES = 16 * 1024; // a roll's body unpacked
const RAW_BYTES = 65; // a P-256 public key, raw
const NONCE_BYTES = 12;

async function sharedKey(privateKey, publicRaw, salt, context, use) {
  const theirs = await crypto.subtle.importKey("raw", fromBase64Url(publicRaw), ECDH_P256, false, []);
  const bits = await crypto.subtle.deriveBits({ name: "ECDH", public: theirs }, privateKey, 256);
  const material = await crypto.subtle.importKey("raw", bits, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt, info: new TextEncoder().encode(SECRET_INFO + context) },
    material, { name: "AES-GCM", length: 256 }, false, [use]);
}

// `body` (a JSON value) sealed for the holder of `theirRaw`'s private key (base64url).
export async function sealSecret(body, theirRaw, context) {
  const mine = await crypto.subtle.generateKey(ECDH_P256, false, ["deriveBits"]);
  const ownRaw = new Uint8Array(await crypto.subtle.exportKey("raw", mine.publicKey));
  const key = await sharedKey(mine.privateKey, theirRaw, ownRaw, context, "encrypt");
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const plain = fromBase64Url(await packJson(body));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, additionalData: new TextEncoder().encode(context) }, key, plain));
  const out = new Uint8Array(RAW_BYTES + NONCE_BYTES + sealed.length);
  out.set(ownRaw, 0);
  out.set(nonce, RAW_BYTES);
  out.set(sealed, RAW_BYTES + NONCE_BYTES);
  return toBase64Url(out);
}

// The body sealed for `privateKey` (the meneuse's ECDH key); throws when it is not for it, or altered.
export async function openSecret(sealed, privateKey, context) {
  if (typeof sealed !== "string" || sealed.length > 12000) throw new Error("jet secret sans sa forme");
  const bytes = fromBase64Url(sealed);
  if (bytes.length < RAW_BYTES + NONCE_BYTES + 16) throw new Error("jet secret trop court");
  const theirs = bytes.subarray(0, RAW_BYTES);
  const key = await sharedKey(privateKey, toBase64Url(theirs), theirs, context, "decrypt");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(RAW_BYTES, RAW_BYTES + NONCE_BYTES),
    additionalData: new TextEncoder().encode(context) }, key, bytes.subarray(RAW_BYTES + NONCE_BYTES));
  return unpackJson(toBase64Url(new Uint8Array(plain)), SECRET_MAX_BYTES);
}

// The name of a secret roll's record, as both phones write it: its game, author, number and request.
export function secretContext(jeu, auteur, n, requestId) {
  return `${jeu}|${auteur}|${n}|${requestId}`;
}
