// The end of every page's <head>, before the theme's script: its instant navigation corrected.
// Inlined there as a classic script in its own scope (hooks/site_step/front_end.py, navigation_script;
// its hash in the page's policy): at the window, listeners run in the order they were added, and the
// listener of history's moves must come before the theme's.

import { keepSamePage } from "./browser/same-page.js";
import { keepPlaces } from "./browser/page-top.js";
import { holdEarlyTaps } from "./browser/early-tap.js";

keepSamePage();
keepPlaces();
holdEarlyTaps();
