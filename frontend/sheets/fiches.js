// The widgets' part of « Mes personnages »: its own bundle (assets/rollers/fiches.js), fetched by
// rollers.js (widget/sheets-link.js) only where a roller may take a sheet: on a device that holds
// sheets or copies received by its table (<html data-fiches>, hooks/page/sheets.py), and on the
// table's pages. The « Personnage » choice, the write-back, the journal's undo; met through
// globalThis.desEtLames.fiches (the bundles' meeting place, as the runtime's).

import { bindSheetPicker } from "./picker.js";
import { sheetChangesView, sheetFollowups, undoWritten, writeBack } from "./writeback.js";
import { followUndone } from "./story.js";

(globalThis.desEtLames ||= {}).fiches = { bindSheetPicker, followUndone, sheetChangesView, sheetFollowups, undoWritten, writeBack };
