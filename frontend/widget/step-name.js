// A follow-up's name in the card's head (« Jet n° 1 — suite : Ajouter un dé ») and beside a paid one
// the reader cannot pay now: the offer's label without its price.

export function stepName(widget, action, label) {
  const text = label || widget.description?.actions?.find((a) => a.id === action)?.libelle || action;
  return String(text).replace(/\s*\([^()]*\)\s*$/, "");
}
