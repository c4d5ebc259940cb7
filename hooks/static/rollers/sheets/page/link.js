// A sheet shared by link: the sheet, compressed (CompressionStream, deflate-raw) and written in
// base64url, in the URL's fragment (#fiche=…): a fragment never reaches a server.

const SHARE_PREFIX = "fiche=";
const SHARE_FORMAT = "1"; // the link's own format, before the data: « fiche=1.… »
const SHARE_MAX_BYTES = 256 * 1024; // a sheet is at most 64 KB: more, unpacked, is not a sheet

export function shareSupported() {
  return "CompressionStream" in globalThis && "DecompressionStream" in globalThis;
}

// The page's URL with the sheet in its fragment.
export async function sheetShareUrl(fiche, pageUrl = window.location.href) {
  const bytes = new TextEncoder().encode(JSON.stringify(fiche));
  const packed = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer();
  const url = new URL(pageUrl);
  url.search = "";
  url.hash = `${SHARE_PREFIX}${SHARE_FORMAT}.${toBase64Url(new Uint8Array(packed))}`;
  return url.href;
}

// The sheet of a share link's fragment: {fiche} | {error} | null when the fragment holds none.
// What comes out is any JSON: it is checked (sheets/page/check.js) before it is shown as a sheet or kept.
export async function sheetFromFragment(hash = window.location.hash) {
  const text = decodeURIComponent(hash.replace(/^#/, ""));
  if (!text.startsWith(SHARE_PREFIX)) return null;
  const [format, data] = text.slice(SHARE_PREFIX.length).split(".", 2);
  if (format !== SHARE_FORMAT || !data) {
    return { error: "Ce lien de fiche vient d’une autre version du site, ou il est coupé\u202F: demandez-en un nouveau." };
  }
  if (!shareSupported()) return { error: "Ce navigateur ne sait pas ouvrir les liens de fiche (trop ancien)." };
  try {
    const bytes = fromBase64Url(data);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const json = await readCapped(stream, SHARE_MAX_BYTES);
    return { fiche: JSON.parse(json) };
  } catch (err) {
    console.warn("Lien de fiche illisible", err);
    return { error: "Ce lien de fiche est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau." };
  }
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
      throw new Error("trop long pour une fiche");
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("caractères étrangers au base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
