// This phone's two key pairs for the table (WebCrypto, P-256), made once and kept in the table's
// database (`moi`, under "cles": storage/table-keys.js): ECDSA signs every record the phone sends
// (links/envelope.js), ECDH receives the secret rolls asked of the table (links/secret.js). The
// private keys are made non-extractable: the browser keeps them, no script can read or copy them,
// and they never travel (not in a link, not in « Tout exporter »: CHARACTERS.md, « La table »).
// The public keys are kept beside them in raw form (65 bytes), base64url: what a link carries.

import { toBase64Url } from "./codec.js";
import { keepDeviceKeys, readDeviceKeys } from "../storage/index.js";

const SIGNING = { name: "ECDSA", namedCurve: "P-256" };
const EXCHANGE = { name: "ECDH", namedCurve: "P-256" };
let deviceKeysAsked = null;

// {signature: {privee, publique}, echange: {privee, publique}}: CryptoKey private keys, raw base64url public ones.
export function deviceKeys() {
  deviceKeysAsked ||= readOrMakeKeys().catch((err) => {
    deviceKeysAsked = null; // tried again at the next record
    throw err;
  });
  return deviceKeysAsked;
}

async function readOrMakeKeys() {
  const kept = await readDeviceKeys();
  if (kept) return kept;
  if (!globalThis.crypto?.subtle) throw new Error("Ce navigateur ne sait pas signer les liens de la table (pas de WebCrypto, ou une page hors HTTPS).");
  const [signing, exchange] = await Promise.all([
    crypto.subtle.generateKey(SIGNING, false, ["sign", "verify"]),
    crypto.subtle.generateKey(EXCHANGE, false, ["deriveBits"]),
  ]);
  const made = {
    signature: { privee: signing.privateKey, publique: await rawPublicKey(signing.publicKey) },
    echange: { privee: exchange.privateKey, publique: await rawPublicKey(exchange.publicKey) },
    quand: Date.now(),
  };
  return keepDeviceKeys(made); // two tabs making their keys at once: the first kept wins, and both use it
}

export async function rawPublicKey(key) {
  return toBase64Url(new Uint8Array(await crypto.subtle.exportKey("raw", key)));
}

// Eight characters of a public key's SHA-256, for a person to compare (« appareil 3kF9-pQ2x »).
export async function keyPrint(raw) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw)));
  const text = toBase64Url(digest.subarray(0, 6));
  return `${text.slice(0, 4)}-${text.slice(4, 8)}`;
}
