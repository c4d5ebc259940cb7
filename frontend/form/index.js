// form/: a roller's form: its fields read, written and checked as typed (form.js), what is folded made
// when opened (fold.js: « Réglages », the odds rows), the fields a reader keeps across visits (kept.js).

export { refold, settleFolds, watchFolds } from "./fold.js";
export { badNumber, bindModes, field, fixedValues, formAsBuilt, formInput, readForm, refreshModes, writeForm } from "./form.js";
export { bindKeptFields } from "./kept.js";
