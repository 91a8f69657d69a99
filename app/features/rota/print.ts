/**
 * Prints the week: the class on <html> limits the print stylesheet (rota.css) to the rota while the print
 * dialog is open, so printing any other page of the dashboard still prints that page.
 */
export function printRota() {
  const root = document.documentElement;
  root.classList.add("printing-rota");
  window.addEventListener("afterprint", () => root.classList.remove("printing-rota"), { once: true });
  window.print();
}
