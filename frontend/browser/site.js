// Where the site is, and whether the platform can keep it for offline use.

// The site root: every bundle is in assets/rollers/.
export const SITE_ROOT = /* @__PURE__ */ new URL("../../", import.meta.url).href;

export function offlineSupported() {
  return "serviceWorker" in navigator && "caches" in globalThis && globalThis.isSecureContext;
}
