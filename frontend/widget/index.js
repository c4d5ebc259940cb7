// widget/: one roller on the page: bound and woken, driven, its form, folds, odds, status and links.

export { settleFolds, watchFolds } from "./fold.js";
export { bindReplayLinks } from "./links.js";
export { bindWidgets, listenForTaps } from "./wake.js";
