// « Mes personnages »: the page's own bundle (assets/rollers/sheets.js, from this module and
// the sheets' page modules), fetched by main.js only on a page that holds sheets. The widgets'
// part of the sheets (the « Personnage » choice, the write-back) is in rollers.js.

import { bindSheetsPages } from "./page.js";

if (globalThis.document$?.subscribe) globalThis.document$.subscribe(bindSheetsPages);
else bindSheetsPages();
