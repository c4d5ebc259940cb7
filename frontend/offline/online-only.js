// What the offline book does not keep, said where it is linked: the book's PDF (written by
// tools/make_pdf.py: megabytes for nothing) and the print version's pages (imprimer/: for a printer,
// not for the table). With the network cut each such link shows its « hors ligne » words (hidden until
// then), and stops showing them when the network comes back.

export function watchOnlineOnly() {
  const show = () => {
    for (const note of document.querySelectorAll(".dl-online-only")) note.hidden = navigator.onLine !== false;
  };
  addEventListener("online", show);
  addEventListener("offline", show);
  if (globalThis.document$?.subscribe) globalThis.document$.subscribe(show);
  else show();
}
