// storage/: what this device keeps in IndexedDB, one database each: the reader's sheets and the
// meneur's pools (sheets.js), what the table received and this device as its author (table.js), its
// keys and those it trusts (table-keys.js), the meneuse's requests (requests.js), all through database.js.
// (The journal keeps its rolls in localStorage: journal/.)

export {
  addSheet, askPersistence, bySheetName, changed, deleteSheet, getReserve, getSheet, listSheets, persistenceState,
  replaced, restoreDeleted, settleSheet, sheetMarks, sheetsTransaction, undoSheet, undoWrites, watchSheets,
  writeReserve, writeSheet,
} from "./sheets.js";
export {
  forgetReceived, getReceived, getReceivedRoll, keepReceived, keepReceivedRoll, listReceived, listReceivedRolls,
  nextSequence, rekeyCopies, updateReceived,
} from "./table.js";
export {
  getTrustedDevice, getTrustedMeneur, keepDeviceKeys, keepTrustedDevice, keepTrustedMeneur, readDeviceKeys,
} from "./table-keys.js";
export { addAnswer, firstAnswer, forgetRequest, getRequest, keepRequest, listRequests } from "./requests.js";
