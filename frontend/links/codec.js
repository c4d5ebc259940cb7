// The one codec of the links whose data travels in the URL's fragment (a fragment never reaches
// a server): a sheet shared by link (#fiche=1.…, sheets/page/link.js) and the table's records
// (#table=1.…, links/record.js). JSON text, compressed (CompressionStream, deflate-raw) and
// written in base64url; read back with the decompression capped as it streams, so that a short
// link cannot expand to megabytes.

export function codecSupported() {
  return "CompressionStream" in globalThis && "DecompressionStream" in globalThis;
}

// JSON-able value → base64url of its deflate-raw bytes.
export async function packJson(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

// base64url → the JSON value it packs; throws on anything else (foreign characters, a cut or
// altered stream, more than `cap` bytes once unpacked, text that is not UTF-8 or not JSON).
export async function unpackJson(text, cap) {
  const stream = new Blob([fromBase64Url(text)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await readCapped(stream, cap));
}

async function readCapped(stream, cap) {
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw new Error(`plus de ${cap} octets une fois décompressé`);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
}

export function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("caractères étrangers au base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
