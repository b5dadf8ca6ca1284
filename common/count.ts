// Whole numbers as en-US writes them ("2,000"), without Intl. A page's first Intl number format loads the
// locale's data: 25-30 ms of a cold start, measured in a trace of the profile screen, and several texts are
// built from limits when their module loads (ADR 023).

/** `value` rounded toward zero, with a comma between each group of three digits: what `toLocaleString('en-US')` writes for a whole number. */
export function formatCount(value: number): string {
  const whole = Math.trunc(value);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}
