import type { Calculator } from "@cartax/engine";

/** Grey levels and hatchings that stay apart in grayscale, one per euro calculator in answer order. */
const FILLS = ["#222", "#777", "url(#hatch)", "#bbb", "url(#dots)"];

export interface YearBar {
  readonly year: number;
  readonly assumed: boolean;
  /** The mark of a total that leaves out a figure it should hold (drawn above the bar); none when complete. */
  readonly incomplete?: string;
  readonly parts: readonly { readonly calculator: Calculator; readonly amount: number }[];
  /** A year without any figure: why, drawn in the bar's place (never an empty, unlabelled gap). */
  readonly gap?: string;
}

/** How a page lays a chart out; every field optional (the simulator's chart takes the defaults). */
export interface ChartLayout {
  /** The amount the top of the plot stands for: one scale for several charts side by side. */
  readonly max?: number;
  /** The width of the drawing (viewBox units): a narrower one keeps the words legible on a phone. */
  readonly width?: number;
  /** An axis amount as the page writes it (default: `money`). */
  readonly axisMoney?: (amount: number) => string;
}

/**
 * A stacked bar chart in SVG, by hand (a few dozen elements: lighter than any library): one bar
 * per year, one segment per tax in a grey or a hatching that stays apart in grayscale, a legend,
 * and the assumed years drawn dashed and labelled. Hidden from screen readers: the table beside it
 * holds the same figures.
 */
export function stackedChart(
  data: readonly YearBar[],
  calculators: readonly Calculator[],
  nameOf: (calculator: Calculator) => string,
  /** An amount as the page writes euros (the lines' own format). */
  money: (amount: number) => string,
  assumedLabel: string,
  /** Makes the patterns' ids unique when a page holds several charts. */
  idPrefix: string,
  layout: ChartLayout = {},
): string {
  const fills = FILLS.map((fill) => fill.replace("url(#", `url(#${idPrefix}-`));
  const width = layout.width ?? 640;
  const height = 260;
  const bottom = 40;
  // Room above the tallest bar for an incomplete mark.
  const top = data.some((bar) => bar.incomplete) ? 24 : 10;
  const legendHeight = 22 * Math.ceil(calculators.length / 2);
  const totals = data.map((bar) => bar.parts.reduce((sum, p) => sum + p.amount, 0));
  const max = Math.max(1, layout.max ?? 0, ...totals);
  const axisMoney = layout.axisMoney ?? money;
  const axisLabels = [0, 0.5, 1].map((f) => esc(axisMoney(Math.round(max * f))));
  // Room for the widest axis label (about 0.62 em a character at 11 px): never clipped.
  const left = Math.max(40, Math.ceil(Math.max(...axisLabels.map((l) => l.length)) * 6.8) + 12);
  const plotHeight = height - top - bottom;
  const step = (width - left - 10) / Math.max(1, data.length);
  const barWidth = Math.min(48, step * 0.6);
  const scale = (amount: number) => (amount / max) * plotHeight;
  const shapes: string[] = [];
  data.forEach((bar, i) => {
    let y = height - bottom;
    const x = left + i * step + (step - barWidth) / 2;
    for (const part of bar.parts) {
      const h = scale(part.amount);
      y -= h;
      const fill = fills[calculators.indexOf(part.calculator) % fills.length];
      shapes.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" stroke="#000" stroke-width="0.5"${bar.assumed ? ' stroke-dasharray="3 2"' : ""} data-year="${bar.year}" data-calculator="${part.calculator}" data-raw="${part.amount}"/>`,
      );
    }
    if (bar.incomplete)
      shapes.push(
        `<text x="${(x + barWidth / 2).toFixed(1)}" y="${(y - 6).toFixed(1)}" text-anchor="middle" font-size="10" font-weight="bold" data-incomplete="${bar.year}">${esc(bar.incomplete)}</text>`,
      );
    shapes.push(
      `<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle" font-size="12">${bar.year}</text>`,
    );
    if (bar.parts.length === 0 && bar.gap)
      shapes.push(
        `<rect x="${x.toFixed(1)}" y="${top}" width="${barWidth.toFixed(1)}" height="${plotHeight}" fill="none" stroke="#777" stroke-dasharray="4 3" data-gap="${bar.year}"/><text transform="translate(${(x + barWidth / 2 + 4).toFixed(1)} ${height - bottom - 6}) rotate(-90)" font-size="12">${esc(bar.gap)}</text>`,
      );
    if (bar.assumed)
      shapes.push(
        `<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - bottom + 30}" text-anchor="middle" font-size="10" font-style="italic">${esc(assumedLabel)}</text>`,
      );
  });
  const axis = [0, 0.5, 1].map((f, i) => {
    const y = height - bottom - f * plotHeight;
    return `<line x1="${left - 4}" x2="${width - 10}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#ccc"/><text x="${left - 8}" y="${(y + 4).toFixed(1)}" text-anchor="end" font-size="11" data-axis="${Math.round(max * f)}">${axisLabels[i]}</text>`;
  });
  // Two legend columns when they fit, else one.
  const columns = width >= 560 ? 2 : 1;
  const legendBox = columns === 2 ? legendHeight : 22 * calculators.length;
  const legend = calculators.map((c, i) => {
    const x = (columns === 2 ? left : 10) + (i % columns) * 280;
    const y = height + 8 + Math.floor(i / columns) * 22;
    return `<rect x="${x}" y="${y}" width="14" height="14" fill="${fills[i % fills.length]}" stroke="#000" stroke-width="0.5"/><text x="${x + 20}" y="${y + 12}" font-size="12">${esc(nameOf(c))}</text>`;
  });
  const patterns = `<defs><pattern id="${idPrefix}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#000" stroke-width="2"/></pattern><pattern id="${idPrefix}-dots" width="5" height="5" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="#fff"/><circle cx="2.5" cy="2.5" r="1.2" fill="#000"/></pattern></defs>`;
  return `<svg class="chart" viewBox="0 0 ${width} ${height + legendBox + 8}" role="img" aria-hidden="true" focusable="false">${patterns}${axis.join("")}${shapes.join("")}${legend.join("")}</svg>`;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
