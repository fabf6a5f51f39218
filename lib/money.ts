// Money as integer centavos (docs/decisions/091): amounts travel as strings with two decimals
// ('1250.00'), are parsed to centavos here, summed as integers or numeric in SQL, and printed
// once ('₱1,250.00'). Never a float in between.

/** '1250', '1250.5', '1,250.00', '₱1,250.00', '-20.00' → centavos; null when it is not an amount. */
export function parseCentavos(input: string, options: { signed?: boolean; maxDigits?: number } = {}): number | null {
  const text = input
    .trim()
    .replace(/^₱\s*/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const digits = `\\d{1,${options.maxDigits ?? 9}}`;
  const pattern = new RegExp(
    options.signed ? `^(-?)(${digits})(?:\\.(\\d{1,2}))?$` : `^()(${digits})(?:\\.(\\d{1,2}))?$`,
  );
  const m = pattern.exec(text);
  if (!m) return null;
  const value = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] === "-" ? -value : value;
}

/** Centavos → '1250.00' (the API's form). */
export function centavosToAmount(centavos: number): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A numeric(…,2) string from the database ('1250.5', '-3.00', '0') → centavos, exactly. */
export function amountToCentavos(amount: string | number): number {
  // Up to 13 integer digits: every numeric(12,2) and numeric(14,2) the database can hold, still an
  // exact integer in centavos, so no stored amount makes a report fail (issue 37).
  const parsed = parseCentavos(String(amount), { signed: true, maxDigits: 13 });
  if (parsed === null) throw new Error(`not an amount: ${amount}`);
  return parsed;
}

/** Centavos → '₱1,250.00' (negative: '-₱20.00'). */
export function formatCentavos(centavos: number): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  const pesos = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}₱${pesos}.${String(abs % 100).padStart(2, "0")}`;
}

/** An API amount string ('1250.00') → '₱1,250.00'. */
export function formatAmount(amount: string): string {
  return formatCentavos(amountToCentavos(amount));
}
