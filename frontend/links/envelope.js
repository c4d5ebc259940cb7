// A record of the table, signed (links of format 2: CHARACTERS.md, « La table »). The fragment is
//
//   table=2.<data>.<key>.<signature>
//
// <data> the record packed as in format 1 (links/codec.js), <key> the sending phone's ECDSA P-256
// public key (raw, 65 bytes) and <signature> its ECDSA signature (SHA-256, 64 bytes: r then s) of the
// text « des-et-lames:table:2: » followed by <data>: the very characters of the link, so that nothing
// is written twice or read back in another form before it is checked. All three in base64url.
// Pure functions of WebCrypto: no storage, no page (tests/test_table_links.py runs them in Node).

import { fromBase64Url, toBase64Url } from "./codec.js";

export const SIGNED_FORMAT = 2;
const SIGNED_CONTEXT = "des-et-lames:table:2:";
const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256" };
const ECDSA_SHA256 = { name: "ECDSA", hash: "SHA-256" };
const RAW_KEY_CHARS = 87; // 65 bytes
const SIGNATURE_CHARS = 86; // 64 bytes

// "<data>.<key>.<signature>": `data` signed with `privateKey`, whose public key is `publicRaw` (base64url).
export async function sealData(data, privateKey, publicRaw) {
  const signature = await crypto.subtle.sign(ECDSA_SHA256, privateKey, new TextEncoder().encode(SIGNED_CONTEXT + data));
  return `${data}.${publicRaw}.${toBase64Url(new Uint8Array(signature))}`;
}

// The parts after « table=2. », checked: → {data, cle: the signer's public key} | null (not this shape,
// not a P-256 point, or a signature that does not match: altered on its way, or forged).
export async function openSealed(parts) {
  if (parts.length !== 3) return null;
  const [data, key, signature] = parts;
  if (!data || key.length !== RAW_KEY_CHARS || signature.length !== SIGNATURE_CHARS) return null;
  try {
    const publicKey = await crypto.subtle.importKey("raw", fromBase64Url(key), ECDSA_P256, false, ["verify"]);
    const good = await crypto.subtle.verify(ECDSA_SHA256, publicKey, fromBase64Url(signature), new TextEncoder().encode(SIGNED_CONTEXT + data));
    return good ? { data, cle: key } : null;
  } catch (err) {
    console.warn("La table : signature illisible", err);
    return null;
  }
}
