/** A share (0–1) as the insight writes it: a whole percent, or one decimal under 10 %. */
export function percent(share: number): string {
  const value = share * 100;
  return `${value > 0 && value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)}%`;
}
