// « La table »: its own bundle (assets/rollers/table.js), fetched by rollers.js where it is used:
// a game's table page (« L’écran du meneur »), and « Montrer ce jet » under a result (through
// globalThis.desEtLames.table, the bundles' one meeting place, as the runtime's).

import { bindTableScreens } from "./screen.js";
import { showRollToMeneur } from "./show-roll.js";

(globalThis.desEtLames ||= {}).table = { showRollToMeneur };
if (globalThis.document$?.subscribe) globalThis.document$.subscribe(bindTableScreens);
else bindTableScreens();
