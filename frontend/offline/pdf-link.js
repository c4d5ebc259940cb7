// The home page's link to the book's PDF (written by tools/make_pdf.py): the offline book does not keep the PDF
// (megabytes for nothing: the print version's pages are kept), so with the network cut the link says so
// (its « hors ligne » words, hidden until then), and stops saying it when the network comes back.

export function watchPdfLink() {
  const show = () => {
    for (const note of document.querySelectorAll(".dl-pdf-offline")) note.hidden = navigator.onLine !== false;
  };
  addEventListener("online", show);
  addEventListener("offline", show);
  if (globalThis.document$?.subscribe) globalThis.document$.subscribe(show);
  else show();
}
